// Starts Chromium through the site's Playwright, with the flags this project uses everywhere
// (no sandbox in containers, no GPU, no background traffic to anywhere but the site under test).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { WEBSITE } from './lib.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(executablePath) {
  const { chromium } = createRequire(join(WEBSITE, 'package.json'))('@playwright/test');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

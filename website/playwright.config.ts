import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Ports of the servers the suite starts on loopback; see tests/e2e/fixtures.ts. DOCENT_PORT_OFFSET moves them all,
 * so two checkouts can run the suite at once.
 */
const OFFSET = Number(process.env.DOCENT_PORT_OFFSET ?? 0);
export const PORTS = { site: 4173 + OFFSET, wrongBase: 4174 + OFFSET, e2eRoutes: 4175 + OFFSET, production: 4176 + OFFSET } as const;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

/** The test build runs in connected mode behind the real Docent server, with a fresh database each run. */
export const E2E_DATABASE = join(__dirname, '.docent', 'e2e.db');
/** `docent serve` over the production build (security.spec.ts) keeps its own, so it never changes e2e.db's counts. */
const PRODUCTION_DATABASE = join(__dirname, '.docent', 'production.db');
// Workers load this file too: only the runner, before it starts the servers, clears the database.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(join(__dirname, '.docent'), { recursive: true, force: true });

function docentServe(dir: string, port: number, database = E2E_DATABASE) {
  return {
    // Result URLs come from the public URL: here the test server's own address, not the site's production url.
    command: `node ../packages/server/bin/docent.js serve --site ${dir} --project docent-docs --port ${port} --db ${database} --public-url http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    timeout: 60_000,
  };
}

function serve(dir: string, port: number, base = '/') {
  return {
    command: `node ../scripts/serve.mjs --dir ${dir} --port ${port} --base ${base}`,
    url: `http://127.0.0.1:${port}${base}`,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    timeout: 30_000,
  };
}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.site}`,
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: [
    serve('website/build', PORTS.site),
    serve('website/build', PORTS.wrongBase, '/wrong-base/'),
    docentServe('build-e2e', PORTS.e2eRoutes),
    docentServe('build', PORTS.production, PRODUCTION_DATABASE),
  ],
});

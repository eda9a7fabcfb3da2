// node scripts/diagrams.mjs: writes the docs' diagrams in both colour modes.
//   website/diagrams/<name>.svg                  the source: the layout, with colours named by class (box-blue, muted…)
//   website/static/img/diagrams/<name>-light.svg  the source with the light palette, on the light page background
//   website/static/img/diagrams/<name>-dark.svg   the same with the dark palette
// The pages show them with <ThemedPicture> (website/src/components/ThemedPicture). An image file cannot read the
// page's CSS, so each mode gets its own file. --check writes nothing and fails when a written file is out of date
// (the docs tests run it).
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WEBSITE } from './lib.mjs';

export const SOURCE_DIR = join(WEBSITE, 'diagrams');
export const OUTPUT_DIR = join(WEBSITE, 'static', 'img', 'diagrams');
export const THEMES = ['light', 'dark'];

/**
 * The colours, as [light mode, dark mode]. The backgrounds are the site's page backgrounds (Infima's white and
 * #1b1b1d), and every text colour keeps at least 4.5:1 against the boxes and the background it is drawn on.
 */
const COLOURS = {
  canvas: ['#ffffff', '#1b1b1d'],
  text: ['#111827', '#f2f3f5'],
  muted: ['#374151', '#c9ced6'],
  zoneLabel: ['#4b5563', '#aeb4be'],
  zone: ['#6b7280', '#8b929c'],
  panel: ['#9ca3af', '#6b717a'],
  line: ['#374151', '#c9ced6'],
  uses: ['#3730a3', '#9fb0ff'],
  blueFill: ['#e0e7ff', '#232b4a'],
  blueStroke: ['#3730a3', '#8fa4ff'],
  greenFill: ['#ecfdf5', '#11332a'],
  greenStroke: ['#047857', '#4cc79a'],
  orangeFill: ['#fff7ed', '#3a2416'],
  orangeStroke: ['#c2410c', '#f0965a'],
  greyFill: ['#f3f4f6', '#2a2c31'],
  greyStroke: ['#374151', '#9aa1ab'],
  accentGreen: ['#047857', '#5ed3a5'],
  accentOrange: ['#c2410c', '#f7a26a'],
};

/** The class rules of the sources, with `{name}` for a colour of COLOURS. */
const RULES = `
    .canvas { fill: {canvas}; }
    .text { fill: {text}; }
    .muted { fill: {muted}; }
    .zone-label { fill: {zoneLabel}; }
    .zone { fill: none; stroke: {zone}; }
    .panel { fill: none; stroke: {panel}; }
    .line { fill: none; stroke: {line}; }
    .head { fill: {line}; }
    .uses { fill: none; stroke: {uses}; }
    .uses-text { fill: {uses}; }
    .box-blue { fill: {blueFill}; stroke: {blueStroke}; }
    .box-green { fill: {greenFill}; stroke: {greenStroke}; }
    .box-orange { fill: {orangeFill}; stroke: {orangeStroke}; }
    .box-grey { fill: {greyFill}; stroke: {greyStroke}; }
    .accent-green { fill: {accentGreen}; }
    .accent-orange { fill: {accentOrange}; }`;

function stylesheet(theme) {
  const mode = THEMES.indexOf(theme);
  if (mode === -1) throw new Error(`diagrams: unknown theme "${theme}"; the themes are ${THEMES.join(', ')}`);
  return RULES.replace(/\{(\w+)\}/g, (placeholder, name) => {
    if (!(name in COLOURS)) throw new Error(`diagrams: no colour "${name}"`);
    return COLOURS[name][mode];
  });
}

/** The source with the theme's colours as a stylesheet after the root element's start tag. */
export function renderDiagram(source, theme) {
  const rootEnd = source.indexOf('>', source.indexOf('<svg')) + 1;
  if (rootEnd === 0) throw new Error('diagrams: a source has no <svg> root element');
  return `${source.slice(0, rootEnd)}\n  <style>${stylesheet(theme)}\n  </style>${source.slice(rootEnd)}`;
}

/** Every file the sources make: its path and its content. */
export function diagramFiles() {
  return readdirSync(SOURCE_DIR)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .flatMap((file) => {
      const source = readFileSync(join(SOURCE_DIR, file), 'utf8');
      return THEMES.map((theme) => ({ path: join(OUTPUT_DIR, file.replace(/\.svg$/, `-${theme}.svg`)), content: renderDiagram(source, theme) }));
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const stale = [];
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const { path, content } of diagramFiles()) {
    let current = null;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = null;
    }
    if (current === content) continue;
    if (check) stale.push(path);
    else writeFileSync(path, content);
  }
  if (stale.length > 0) {
    console.error(`diagrams: out of date, run node scripts/diagrams.mjs:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(check ? 'diagrams: up to date' : `diagrams: written to ${OUTPUT_DIR}`);
}

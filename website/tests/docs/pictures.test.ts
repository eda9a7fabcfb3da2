/**
 * The pictures the docs show with <ThemedPicture> (src/components/ThemedPicture): every file a page names exists in
 * each colour mode it stands for, with the width and height the page gives (the browser reserves that space before
 * the file loads); every diagram and widget picture is shown by some page; and the diagrams in static/img/diagrams
 * are what scripts/diagrams.mjs makes from website/diagrams.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/pictures.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { diagramFiles } from '../../../scripts/diagrams.mjs';

const WEBSITE = join(__dirname, '..', '..');
const STATIC = join(WEBSITE, 'static');
const PICTURE_DIRS = ['img/diagrams', 'img/screenshots'];

interface PictureFile {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

interface Use extends PictureFile {
  readonly page: string;
  readonly narrow?: PictureFile;
}

function pagesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesIn(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every <ThemedPicture …/> of the docs and pages, with the files and sizes its props give. */
function uses(): Use[] {
  return [...pagesIn(join(WEBSITE, 'docs')), ...pagesIn(join(WEBSITE, 'src', 'pages'))].flatMap((file) => {
    const page = relative(WEBSITE, file);
    return [...readFileSync(file, 'utf8').matchAll(/<ThemedPicture\b([\s\S]*?)\/>/g)].map(([, props = '']) => {
      const src = props.match(/\bsrc="([^"]+)"/)?.[1];
      const width = props.match(/\bwidth=\{(\d+)\}/)?.[1];
      const height = props.match(/\bheight=\{(\d+)\}/)?.[1];
      assert.ok(src && width && height, `${page}: a ThemedPicture without src, width or height: ${props.trim()}`);
      const narrow = props.match(/narrow=\{\{\s*src:\s*'([^']+)',\s*width:\s*(\d+),\s*height:\s*(\d+)\s*\}\}/);
      return {
        page,
        src,
        width: Number(width),
        height: Number(height),
        ...(narrow ? { narrow: { src: narrow[1] ?? '', width: Number(narrow[2]), height: Number(narrow[3]) } } : {}),
      };
    });
  });
}

/** The files a `src` stands for: one per colour mode when it has `{theme}`. */
function filesOf(src: string): string[] {
  return src.includes('{theme}') ? ['light', 'dark'].map((theme) => src.replace('{theme}', theme)) : [src];
}

/** A PNG's size from its header, an SVG's from its root element's width and height. */
function sizeOf(file: string): { width: number; height: number } {
  const content = readFileSync(file);
  if (file.endsWith('.png')) return { width: content.readUInt32BE(16), height: content.readUInt32BE(20) };
  const root = content.toString('utf8').match(/<svg\b[^>]*>/)?.[0] ?? '';
  return { width: Number(root.match(/\bwidth="([\d.]+)"/)?.[1]), height: Number(root.match(/\bheight="([\d.]+)"/)?.[1]) };
}

describe('ThemedPicture', () => {
  const all = uses();

  it('is used by the pages that show diagrams and widget pictures', () => {
    assert.ok(all.length >= 8, `found ${all.length} uses`);
  });

  it('names files that exist, in every colour mode, with the sizes the page gives', () => {
    const problems: string[] = [];
    for (const use of all) {
      for (const picture of [use, ...(use.narrow ? [use.narrow] : [])]) {
        for (const src of filesOf(picture.src)) {
          const file = join(STATIC, src);
          if (!existsSync(file)) {
            problems.push(`${use.page}: ${src} does not exist`);
            continue;
          }
          const size = sizeOf(file);
          if (size.width !== picture.width || size.height !== picture.height) {
            problems.push(`${use.page}: ${src} is ${size.width}×${size.height}, the page says ${picture.width}×${picture.height}`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('leaves no diagram or widget picture unused', () => {
    const shown = new Set(all.flatMap((use) => [use.src, ...(use.narrow ? [use.narrow.src] : [])]).flatMap(filesOf));
    const unused = PICTURE_DIRS.flatMap((dir) => readdirSync(join(STATIC, dir)).map((name) => `/${dir}/${name}`)).filter((src) => !shown.has(src));
    assert.deepEqual(unused, []);
  });
});

describe('diagrams', () => {
  it('in static/img/diagrams are what scripts/diagrams.mjs makes from website/diagrams (run it after editing a source)', () => {
    for (const { path, content } of diagramFiles()) {
      assert.ok(existsSync(path), `${relative(WEBSITE, path)} is missing: run node scripts/diagrams.mjs`);
      assert.equal(readFileSync(path, 'utf8'), content, `${relative(WEBSITE, path)} is out of date: run node scripts/diagrams.mjs`);
    }
    const written = new Set(diagramFiles().map(({ path }) => path));
    const extra = readdirSync(join(STATIC, 'img', 'diagrams')).filter((name) => !written.has(join(STATIC, 'img', 'diagrams', name)));
    assert.deepEqual(extra, [], 'files in static/img/diagrams that no source makes');
  });
});

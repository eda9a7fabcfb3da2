import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadIndex, searchAsync } from '@docent/engine';
import { main } from '../src/cli.js';

function page(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title} | Example docs</title><meta name="description" content="${title} page."></head><body><nav>Menu</nav><article><h1>${title}</h1>${body}</article><footer>Footer</footer></body></html>`;
}

/** Runs the CLI with its output collected. */
async function capture(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join(''), err: err.join('') };
}

describe('docent CLI', () => {
  let site: string;
  before(() => {
    site = mkdtempSync(join(tmpdir(), 'docent-cli-'));
    mkdirSync(join(site, 'guides'));
    writeFileSync(join(site, 'index.html'), page('Welcome', '<p>Start with the installation guide.</p>'));
    writeFileSync(
      join(site, 'guides', 'hugo.html'),
      page('Hugo', '<h2 id="partials">Partials</h2><p>Put the widget script in a Hugo partial under layouts/partials.</p>'),
    );
    writeFileSync(join(site, '404.html'), page('Not found', '<p>Nothing here.</p>'));
    writeFileSync(join(site, 'questions.json'), JSON.stringify([{ q: 'where does the hugo partial go', expect: ['/guides/hugo'] }]));
  });
  after(() => rmSync(site, { recursive: true, force: true }));

  it('indexes a folder of built HTML into docent-index.json', async () => {
    const { code, out } = await capture(['index', site, '--clean-titles']);
    assert.equal(code, 0);
    assert.match(out, /Indexed 2 pages into \d+ sections/);
    const index = JSON.parse(readFileSync(join(site, 'docent-index.json'), 'utf8')) as { format: string; version: number };
    assert.equal(index.format, 'docent-index');
    assert.equal(index.version, 2);
  });

  it('leaves out what --include and --exclude rule out, reads --content-selector, and says what it skipped and why', async () => {
    const docs = mkdtempSync(join(tmpdir(), 'docent-cli-globs-'));
    try {
      mkdirSync(join(docs, 'releases'));
      mkdirSync(join(docs, '_modules'));
      writeFileSync(join(docs, 'index.html'), page('Welcome', '<p>Start here.</p>'));
      writeFileSync(join(docs, 'releases', '1.0.html'), page('Release 1.0', '<p>First release.</p>'));
      writeFileSync(join(docs, 'genindex.html'), page('Index', '<p>A B C</p>'));
      writeFileSync(join(docs, '_modules', 'code.html'), page('Source', '<p>def f(): pass</p>'));
      writeFileSync(join(docs, 'wiki.html'), '<title>Wiki</title><div class="skin">Skin menu</div><div class="wiki-body"><h1>Wiki</h1><p>Wiki text.</p></div>');
      const { code, out, err } = await capture(['index', docs, '--exclude', 'releases/**', '--content-selector', 'div.wiki-body']);
      assert.equal(code, 0, err);
      assert.match(out, /Indexed 2 pages \(2 skipped\)/);
      assert.match(err, /left out 1 pages that --include or --exclude rule out/);
      assert.match(err, /skipped .*genindex\.html: it is a generated index or not-found page/);
      assert.match(err, /skipped .*_modules\/code\.html: it is in a folder of generated files/);
      const index = JSON.parse(readFileSync(join(docs, 'docent-index.json'), 'utf8')) as { sections: Array<{ pageUrl: string; text: string }> };
      assert.deepEqual([...new Set(index.sections.map((section) => section.pageUrl))].sort(), ['/', '/wiki']);
      assert.ok(!index.sections.some((section) => section.text.includes('Skin menu')));

      assert.doesNotMatch(err, /KiB gzip, over/, 'a small index gives no size warning');
      for (let page = 0; page < 30; page++) {
        // Random words, which gzip cannot shrink much: a site of 30 long pages.
        const words = Array.from({ length: 4000 }, () => randomBytes(5).toString('hex')).join(' ');
        writeFileSync(join(docs, 'releases', `big-${page}.html`), `<title>Big ${page}</title><main><h1>Big ${page}</h1><p>${words}</p></main>`);
      }
      const big = await capture(['index', docs]);
      assert.equal(big.code, 0);
      assert.match(big.out, /Indexed 33 pages .*docent-index\.json \([\d.]+ KiB, with \d+ parts in .*docent-index-[0-9a-f]{16}\)/, 'a large index is written in parts');
      const manifest = readFileSync(join(docs, 'docent-index.json'), 'utf8');
      const parts = loadIndex(manifest, { fetchPart: async (file) => readFileSync(join(docs, file), 'utf8') });
      const word = /<p>(\w+) /.exec(readFileSync(join(docs, 'releases', 'big-7.html'), 'utf8'))?.[1] ?? '';
      assert.equal((await searchAsync(parts, word))[0]?.pageUrl, '/releases/big-7', 'the parts on disk answer a search');
      writeFileSync(join(docs, 'big-questions.json'), JSON.stringify([{ q: word, expect: ['/releases/big-7'] }]));
      const scored = await capture(['eval', join(docs, 'big-questions.json'), '--index', join(docs, 'docent-index.json'), '--json']);
      assert.equal(scored.code, 0, scored.err);
      assert.deepEqual((JSON.parse(scored.out) as { search: Record<string, number> }).search, { recall1: 1, recall5: 1, mrr: 1 }, 'docent eval reads an index in parts');
      assert.match(big.err, /the index manifest is \d+ KiB gzip, over 500 KiB; readers download all of it before their first result\. Leave out pages nobody searches with --exclude/);

      const only = await capture(['index', docs, '--include', 'releases/1.0.html']);
      assert.match(only.out, /Indexed 1 pages/);
      const none = await capture(['index', docs, '--include', 'nothing/**']);
      assert.equal(none.code, 2);
      assert.match(none.err, /--include and --exclude left out every page/);
      const badSelector = await capture(['index', docs, '--content-selector', 'div > p']);
      assert.equal(badSelector.code, 2);
      assert.match(badSelector.err, /--content-selector: ">" in the content selector "div > p" is not a selector this reads/);
    } finally {
      rmSync(docs, { recursive: true, force: true });
    }
  });

  it('scores a question set and fails below the minimums asked for', async () => {
    await capture(['index', site]);
    const indexFile = join(site, 'docent-index.json');
    const questions = join(site, 'questions.json');
    const passing = await capture(['eval', questions, '--index', indexFile, '--min-recall', '1']);
    assert.equal(passing.code, 0);
    assert.match(passing.out, /search\s+recall@1 1\.000 {2}recall@5 1\.000 {2}MRR 1\.000/);
    assert.match(passing.out, /answered 1\.000 {2}first citation right 1\.000 {2}search p50 [\d.]+ ms {2}p95 [\d.]+ ms/);
    const json = await capture(['eval', questions, '--index', indexFile, '--json']);
    assert.equal(json.code, 0);
    const report = JSON.parse(json.out) as { questions: number; search: Record<string, number>; answers: Record<string, number>; latency: Record<string, number> };
    assert.deepEqual(Object.keys(report), ['questions', 'search', 'answers', 'latency']);
    assert.equal(report.questions, 1);
    assert.deepEqual(report.search, { recall1: 1, recall5: 1, mrr: 1 });
    assert.deepEqual(report.answers, { recall1: 1, recall5: 1, mrr: 1, answered: 1, precision1: 1 });
    assert.ok(report.latency.p50! >= 0 && report.latency.p95! >= report.latency.p50!);

    writeFileSync(questions, JSON.stringify([{ q: 'where does the hugo partial go', expect: ['/nowhere'] }, { q: 'how do I bake sourdough bread', expect: ['/'] }]));
    const wrong = JSON.parse((await capture(['eval', questions, '--index', indexFile, '--json'])).out) as { answers: { answered: number; precision1: number } };
    assert.deepEqual(wrong.answers, { ...wrong.answers, answered: 0.5, precision1: 0 }, 'one of two answered, citing a page no question expects');
    const partly = join(site, 'partly.json');
    writeFileSync(partly, JSON.stringify([{ q: 'where does the hugo widget script partial go, welcome', expect: ['/'] }]));
    const answeredAt = async (threshold: string) =>
      (JSON.parse((await capture(['eval', partly, '--index', indexFile, '--json', '--answer-threshold', threshold])).out) as { answers: { answered: number } }).answers.answered;
    assert.deepEqual([await answeredAt('0.4'), await answeredAt('1')], [1, 0], 'a question is answered at the default, declined at 1');
    const badThreshold = await capture(['eval', questions, '--index', indexFile, '--answer-threshold', '55']);
    assert.equal(badThreshold.code, 2);
    assert.match(badThreshold.err, /--answer-threshold must be a number from 0 to 1, such as 0\.9; got "55"/);
    const failing = await capture(['eval', questions, '--index', indexFile, '--min-recall', '0.5']);
    assert.equal(failing.code, 1);
    assert.match(failing.err, /recall@5 0\.000 is below --min-recall 0\.5/);
  });

  it('prints one command\'s part of the help for --help or -h, and exits 0', async () => {
    for (const command of ['index', 'eval', 'serve', 'analytics']) {
      for (const flag of ['--help', '-h']) {
        const { code, out, err } = await capture([command, flag]);
        assert.equal(code, 0, `${command} ${flag}`);
        assert.equal(err, '');
        assert.match(out, new RegExp(`^Usage: docent ${command}\\b.*\\[options\\]\\n`), `${command} ${flag}`);
        assert.match(out, /-h, --help/);
      }
    }
    const index = await capture(['index', '--help']);
    assert.match(index.out, /--clean-titles/);
    assert.doesNotMatch(index.out, /--min-recall|--site/);
    // Help wins over a missing required option; after `--` it is a positional like any other.
    assert.equal((await capture(['serve', '--port', '8080', '--help'])).code, 0);
    const afterEnd = await capture(['index', '--', '--help']);
    assert.equal(afterEnd.code, 2);
    assert.match(afterEnd.err, /"--help" is not a folder/);
    assert.match((await capture(['help'])).out, /Run "docent <command> --help"/);
  });

  it('accepts every option that a command\'s help lists', async () => {
    for (const command of ['index', 'eval', 'serve', 'analytics']) {
      const { out } = await capture([command, '--help']);
      const options = [...out.matchAll(/^\s+(?:-h, )?(--[a-z-]+)( <)?/gm)].filter(([, name]) => name !== '--help');
      assert.ok(options.length >= 1, command);
      for (const [, name = '', value] of options) {
        // Without its required arguments every command stops with a usage error before doing any work.
        const { err } = await capture([command, name, ...(value ? ['x'] : [])]);
        assert.doesNotMatch(err, /Unknown option/, `${command} ${name}`);
      }
    }
  });

  it('explains what is wrong with a bad call', async () => {
    const noFolder = await capture(['index', join(site, 'missing')]);
    assert.equal(noFolder.code, 2);
    assert.match(noFolder.err, /is not a folder; build your site first/);
    const badFraction = await capture(['eval', 'q.json', '--min-mrr', '2']);
    assert.equal(badFraction.code, 2);
    assert.match(badFraction.err, /--min-mrr must be a number from 0 to 1/);
    const unknown = await capture(['serve-all']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /unknown command "serve-all"/);
    const badIndex = join(site, 'broken.json');
    writeFileSync(badIndex, '{"format":"docent-index","version":1,"sections":[');
    const truncated = await capture(['eval', join(site, 'questions.json'), '--index', badIndex]);
    assert.equal(truncated.code, 1);
    assert.match(truncated.err, /docent: /);
  });
});

/**
 * A site's synonyms from end to end: `docent index --synonyms` writes them into the index, `docent serve` ranks
 * the served site with the synonyms of the site's own index file, a project's `settings.synonyms` in
 * docent.config.json replace them, and a wrong table is refused with the file and the entry named.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../src/cli.js';
import { ConfigError, parseDocentConfig } from '../src/config/docentConfig.js';
import { parseServeArgs, startServer } from '../src/commands/serve.js';

async function docent(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

const page = (title: string, text: string): string => `<!doctype html><title>${title} | Acme</title><main><h1>${title}</h1><p>${text}</p></main>`;

describe('synonyms', () => {
  /** The site: three pages, and the JSON files of the tests beside them. */
  let dir: string;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-synonyms-'));
    writeFileSync(path.join(dir, 'index.html'), page('Welcome', 'Acme sends a webhook for every order.'));
    writeFileSync(path.join(dir, 'analytics.html'), page('Analytics', 'Count the questions readers asked and the answers they rated.'));
    writeFileSync(path.join(dir, 'sync.html'), page('Sync', 'A sync fetches every page again and swaps the new index in.'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  const searchTop = async (url: string, q: string): Promise<string | undefined> => {
    const body = (await (await fetch(`${url}/v1/projects/acme-docs/search?q=${encodeURIComponent(q)}`)).json()) as { results: { url: string }[] };
    return body.results[0]?.url.replace(/^https?:\/\/[^/]+/, '');
  };

  it('docent index --synonyms writes the groups into the index, and names what is wrong with a bad file', async () => {
    const groups = path.join(dir, 'synonyms.json');
    writeFileSync(groups, JSON.stringify([['stats', 'analytics'], ['recrawl', 'sync']]));
    const indexed = await docent('index', dir, '--synonyms', groups);
    assert.equal(indexed.code, 0, indexed.err);
    assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'docent-index.json'), 'utf8')).synonyms, [['stats', 'analytics'], ['recrawl', 'sync']]);

    const missing = await docent('index', dir, '--synonyms', path.join(dir, 'none.json'));
    assert.equal(missing.code, 2);
    assert.match(missing.err, /index: --synonyms: cannot read .*none\.json \(ENOENT\); give the path of a JSON file of word groups/);
    writeFileSync(path.join(dir, 'broken.json'), '[["stats", "analytics"]');
    assert.match((await docent('index', dir, '--synonyms', path.join(dir, 'broken.json'))).err, /index: --synonyms: .*broken\.json is not valid JSON/);
    writeFileSync(path.join(dir, 'phrase.json'), JSON.stringify([['usage stats', 'analytics']]));
    assert.match((await docent('index', dir, '--synonyms', path.join(dir, 'phrase.json'))).err, /index: --synonyms: .*phrase\.json: synonyms\[0\]\[0\] "usage stats" is 2 words; each entry is one word/);
  });

  it("docent serve ranks the site with the synonyms of the site's index file, and a project's own synonyms replace them", async () => {
    writeFileSync(path.join(dir, 'synonyms.json'), JSON.stringify([['stats', 'analytics'], ['recrawl', 'sync']]));
    assert.equal((await docent('index', dir, '--synonyms', path.join(dir, 'synonyms.json'))).code, 0);
    const fromSite = await startServer(parseServeArgs(['--site', dir, '--project', 'acme-docs', '--port', '0', '--db', ':memory:']), () => undefined, {});
    try {
      assert.equal(await searchTop(fromSite.url, 'usage stats'), '/analytics');
      assert.equal(await searchTop(fromSite.url, 'recrawl'), '/sync');
    } finally {
      await fromSite.close();
    }

    const config = path.join(dir, 'docent.config.json');
    writeFileSync(config, JSON.stringify({ projects: [{ id: 'acme-docs', name: 'Acme docs', settings: { synonyms: [['metrics', 'analytics']] } }] }));
    const configured = await startServer(parseServeArgs(['--site', dir, '--project', 'acme-docs', '--port', '0', '--db', ':memory:', '--config', config]), () => undefined, {});
    try {
      assert.equal(await searchTop(configured.url, 'metrics'), '/analytics', "the project's own group");
      assert.equal(await searchTop(configured.url, 'recrawl'), undefined, "the site's groups no longer apply");
    } finally {
      await configured.close();
    }
  });

  it('docent project update --config with new synonyms reaches a running server without a restart', async () => {
    const db = path.join(dir, 'apply.db');
    const config = path.join(dir, 'apply.config.json');
    const declare = (synonyms: string[][]): void => writeFileSync(config, JSON.stringify({ projects: [{ id: 'acme-docs', name: 'Acme docs', settings: { synonyms } }] }));
    declare([['metrics', 'analytics']]);
    const server = await startServer(parseServeArgs(['--site', dir, '--project', 'acme-docs', '--port', '0', '--db', db, '--config', config]), () => undefined, {});
    try {
      assert.equal(await searchTop(server.url, 'recrawl'), undefined);
      declare([['metrics', 'analytics'], ['recrawl', 'sync']]);
      const applied = await docent('project', 'update', '--config', config, '--db', db);
      assert.equal(applied.code, 0, applied.err);
      const deadline = Date.now() + 10_000;
      while ((await searchTop(server.url, 'recrawl')) !== '/sync') {
        assert.ok(Date.now() < deadline, 'the server still searches without the new group 10 s after the file was applied');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await server.close();
    }
  });

  it('docent.config.json refuses a wrong table, naming the project and the entry', () => {
    const rejects = (synonyms: unknown, message: RegExp): void =>
      assert.throws(() => parseDocentConfig({ projects: [{ id: 'acme-docs', name: 'Acme docs', settings: { synonyms } }] }), (error: Error) => error instanceof ConfigError && message.test(error.message), String(message));
    rejects([['the', 'docs']], /^projects\[0\]\.settings\.synonyms\[0\]\[0\] "the" is a word search leaves out of every query/);
    rejects([['bot']], /^projects\[0\]\.settings\.synonyms\[0\]/);
    rejects('bot=assistant', /^projects\[0\]\.settings\.synonyms must be a list/);
  });
});

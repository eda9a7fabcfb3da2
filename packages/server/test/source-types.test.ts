/**
 * The github, file, openapi and private sources end to end, through the API and the CLI of a real server on a real
 * SQLite file: a real Git server (git http-backend) on 127.0.0.1, real PDF and DOCX files made by pdf-lib and docx,
 * this repository's own openapi.yaml, and a site on 127.0.0.1 that answers 401 without its header. Each test checks
 * what a site owner would notice: the source's status and counts, search results and citations that point at the
 * right file, page or heading, and credentials that never come back and are not stored in clear.
 */
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { main } from '../src/cli.js';
import { adminKey, appOver, type TestApp } from './helpers.js';
import { yazlZip } from './helpers/zipCraft.js';
import { startGitServer, type GitServer } from './helpers/gitServer.js';

const PROJECT = 'acme-docs';
const SITE_TOKEN = 'site-secret-4f9a1c7e2b';
const GIT_TOKEN = 'ghp_testtoken8d3e1f0a9c';

interface SourceBody {
  id: string;
  type: string;
  status: string;
  document_count: number;
  error: string | null;
  config: Record<string, unknown>;
}

async function pdfManual(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Acme Installation Manual');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Unpack the Acme gateway and connect the power cable.', { x: 50, y: 700, size: 12, font });
  pdf.addPage().drawText('Calibrate the flux capacitor to 88 gigawatts before first use.', { x: 50, y: 700, size: 12, font });
  return pdf.save();
}

async function imageOnlyPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawRectangle({ x: 50, y: 50, width: 200, height: 200 });
  return pdf.save();
}

async function wordGuide(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Operations guide', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('This guide covers daily operations.'),
          new Paragraph({ text: 'Backups', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('Nightly backups of the ledger are kept for thirty-five days in cold storage.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

function page(title: string, body: string, canonical?: string): string {
  return `<!doctype html><html><head><title>${title} | Intranet</title>${canonical ? `<link rel="canonical" href="${canonical}">` : ''}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** A site behind a login: 401 without the header, the page with it. Serves a Swagger 2.0 document too. */
function privateSite(seen: string[]): Server {
  return createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(`${url.pathname} ${request.headers.authorization ?? '-'}`);
    if (url.pathname === '/robots.txt') return void response.writeHead(404).end();
    if (url.pathname === '/swagger.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SWAGGER));
    if (request.headers.authorization !== `Bearer ${SITE_TOKEN}`) return void response.writeHead(401, { 'content-type': 'text/html' }).end('<h1>Sign in</h1>');
    const pages: Record<string, string> = {
      '/handbook/': page('Handbook', '<p>Read the <a href="/handbook/expenses">expenses policy</a>.</p>'),
      '/handbook/expenses': page('Expenses', '<p>Travel expenses above 500 euros need the approval of a director.</p>'),
    };
    const body = pages[url.pathname];
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
}

const SWAGGER = {
  swagger: '2.0',
  info: { title: 'Pet store', version: '1.0' },
  paths: {
    '/pets': {
      post: {
        operationId: 'createPet',
        summary: 'Add a pet',
        parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40, description: 'The name of the pet.' } } } }],
        responses: { '201': { description: 'The pet was added.' } },
      },
    },
  },
};

describe('github, file, openapi and private sources', () => {
  let dir: string;
  let test: TestApp;
  let base: string;
  let key: string;
  let git: GitServer;
  let site: Server;
  let siteOrigin: string;
  const siteRequests: string[] = [];
  const logged: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-source-types-'));
    const hosted = path.join(dir, 'hosted');
    mkdirSync(hosted);
    writeFileSync(path.join(hosted, 'index.html'), '<!doctype html><title>Home | Acme</title><main><h1>Acme</h1><p>The hosted site of Acme.</p></main>');
    git = await startGitServer();
    site = privateSite(siteRequests);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const address = site.address();
    siteOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    test = await appOver(hosted, { project: PROJECT, dbFile: path.join(dir, 'docent.db'), allowPrivateNetworks: true, crawl: { delayMs: 0, timeoutMs: 10_000 }, logger: (line) => logged.push(line), pollMs: 100 });
    base = await test.server.listen(0, '127.0.0.1');
    key = await adminKey(test.store, PROJECT);
  });

  after(async () => {
    await test.close();
    await git.close();
    await new Promise((resolve) => site.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (pathname: string, init: RequestInit = {}) => fetch(`${base}/v1/projects/${PROJECT}${pathname}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
  const addJson = (body: unknown) => api('/sources', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const upload = (type: string, files: { name: string; bytes: Uint8Array | string; type?: string }[]) => {
    const form = new FormData();
    form.set('type', type);
    for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    return api('/sources', { method: 'POST', body: form });
  };
  const search = async (q: string) => ((await (await api(`/search?q=${encodeURIComponent(q)}`)).json()) as { results: { url: string; title: string; heading: string }[] }).results;

  /** Waits for the source's sync, and reports how long it took. */
  async function synced(id: string, t?: TestContext): Promise<SourceBody> {
    const start = performance.now();
    for (let tries = 0; tries < 600; tries++) {
      await test.server.syncsIdle(PROJECT);
      const all = ((await (await api('/sources?limit=100')).json()) as { data: SourceBody[] }).data;
      const source = all.find((candidate) => candidate.id === id);
      if (source && (source.status === 'ready' || source.status === 'failed')) {
        // The sync that set the status may still be building the index it swaps in at its end: wait for it too.
        await test.server.syncsIdle(PROJECT);
        t?.diagnostic(`${source.type} source: ${source.status}, ${source.document_count} documents, sync finished in ${Math.round(performance.now() - start)} ms`);
        return source;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`source ${id} is still syncing`);
  }

  it('file: seven formats uploaded at once, each cited at its file, page or heading, and downloadable', async (t) => {
    const files = [
      { name: 'manual.pdf', bytes: await pdfManual() },
      { name: 'operations.docx', bytes: await wordGuide() },
      { name: 'faq.md', bytes: '---\ntitle: Acme FAQ\n---\n\n## Can I export my data?\n\nYes: open Settings and choose Export to download a ZIP archive.\n\n```sh\nacme export --all\n```\n' },
      { name: 'widgets.mdx', bytes: "import Tabs from '@theme/Tabs';\n\n# Widgets\n\n<Tabs>\n\nThe sprocket widget rotates at 1200 revolutions per minute.\n\n</Tabs>\n\n{props.hidden}\n" },
      { name: 'notes.txt', bytes: 'Release notes\n\nVersion 7 removes the legacy quasar endpoint.' },
      { name: 'glossary.html', bytes: '<!doctype html><title>Glossary</title><main><h1>Glossary</h1><h2 id="tachyon">Tachyon</h2><p>A tachyon token expires after ninety seconds.</p></main>' },
      { name: 'regions.csv', bytes: 'region,datacenter,latency\neu-west,Dublin,12 ms\nap-south,Mumbai,48 ms\n' },
    ];
    const response = await upload('file', files);
    assert.equal(response.status, 201, await response.clone().text());
    const added = (await response.json()) as SourceBody;
    assert.equal(added.status, 'pending');
    assert.deepEqual((added.config.files as { name: string }[]).map((file) => file.name), files.map((file) => file.name));
    const source = await synced(added.id, t);
    assert.equal(source.status, 'ready', String(source.error));
    assert.equal(source.document_count, 7);
    const fileBase = `${base}/v1/projects/${PROJECT}/sources/${added.id}/files`;
    const expectations: [string, string][] = [
      ['calibrate the flux capacitor gigawatts', `${fileBase}/manual.pdf#page=2`],
      ['how long are ledger backups kept', `${fileBase}/operations.docx#backups`],
      ['can I export my data', `${fileBase}/faq.md#can-i-export-my-data`],
      ['sprocket widget revolutions per minute', `${fileBase}/widgets.mdx`],
      ['legacy quasar endpoint removed', `${fileBase}/notes.txt`],
      ['when does a tachyon token expire', `${fileBase}/glossary.html#tachyon`],
      ['Mumbai datacenter latency', `${fileBase}/regions.csv#row-2`],
    ];
    for (const [question, url] of expectations) assert.equal((await search(question))[0]?.url, url, question);
    const answer = (await (await api('/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'How long are ledger backups kept?' }) })).json()) as { citations: { url: string }[] };
    assert.ok(answer.citations[0]?.url.startsWith(`${fileBase}/operations.docx#backups`), JSON.stringify(answer.citations));
    const download = await fetch(`${fileBase}/manual.pdf`);
    assert.equal(download.status, 200, 'a public project serves its files without a key');
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(new Uint8Array(await download.arrayBuffer()), files[0]?.bytes);
    assert.equal((await fetch(`${fileBase}/missing.pdf`)).status, 404);
    // A sync keeps the uploaded files: nothing is uploaded again, and nothing changed.
    assert.equal((await api('/sync', { method: 'POST' })).status, 202);
    const again = await synced(added.id);
    assert.equal(again.document_count, 7);
  });

  it('file: refused uploads name the file and say what to do; nothing is stored', async () => {
    const before = ((await (await api('/sources?limit=100')).json()) as { data: unknown[] }).data.length;
    const problem = async (response: Response, status: number, fragment: RegExp) => {
      assert.equal(response.status, status);
      assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
      assert.match(((await response.json()) as { detail: string }).detail, fragment);
    };
    await problem(await upload('file', [{ name: 'huge.txt', bytes: 'x'.repeat(10 * 1024 * 1024 + 1) }]), 413, /huge\.txt is larger than 10 MB/);
    await problem(await upload('file', Array.from({ length: 21 }, (_, n) => ({ name: `n${n}.md`, bytes: `# Note ${n}` }))), 422, /at most 20 files/);
    await problem(await upload('file', [{ name: 'setup.exe', bytes: 'MZ' }]), 422, /setup\.exe .*\.md/);
    await problem(await upload('file', [{ name: 'scan.pdf', bytes: await imageOnlyPdf() }]), 422, /scan\.pdf .*OCR/);
    await problem(await upload('file', [{ name: 'report.docx', bytes: await yazlZip({ 'readme.txt': 'not a word document' }) }]), 422, /report\.docx is not a Word document/);
    await problem(await upload('file', [{ name: 'bad.csv', bytes: 'a,b,c\n1,2,3\n4,5\n' }]), 422, /bad\.csv: line 3/);
    const after = ((await (await api('/sources?limit=100')).json()) as { data: unknown[] }).data.length;
    assert.equal(after, before);
  });

  it('openapi: this repository\'s openapi.yaml, one document per operation; a question about a field\'s limit finds it', async (t) => {
    const yamlText = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
    const operationCount = (yamlText.match(/^\s+operationId:/gm) ?? []).length;
    const response = await upload('openapi', [{ name: 'openapi.yaml', bytes: yamlText }]);
    assert.equal(response.status, 201, await response.clone().text());
    const added = (await response.json()) as SourceBody;
    assert.equal((added.config.file as { name: string }).name, 'openapi.yaml');
    assert.equal(added.config.url, null);
    const source = await synced(added.id, t);
    assert.equal(source.document_count, operationCount);
    const [first] = await search('what is the maximum length of a question');
    assert.equal(first?.url, `${base}/v1/projects/${PROJECT}/sources/${added.id}/files/openapi.yaml#operation/sendMessage`);

    // Swagger 2.0 by URL, fetched under the crawler's rules.
    const byUrl = (await (await addJson({ type: 'openapi', url: `${siteOrigin}/swagger.json` })).json()) as SourceBody;
    const swagger = await synced(byUrl.id, t);
    assert.equal(swagger.status, 'ready', String(swagger.error));
    assert.equal(swagger.document_count, 1);
    assert.equal((await search('longest pet name'))[0]?.url, `${siteOrigin}/swagger.json#operation/createPet`);

    // A broken $ref: refused at upload with the parser's message.
    const broken = { openapi: '3.0.3', info: { title: 'Broken', version: '1' }, paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } } };
    const refused = await upload('openapi', [{ name: 'broken.json', bytes: JSON.stringify(broken) }]);
    assert.equal(refused.status, 422);
    assert.match(((await refused.json()) as { detail: string }).detail, /broken\.json.*Missing/s);
  });

  it('private: a crawl with a header, stored encrypted, never returned; a wrong header fails only its source', async (t) => {
    const response = await addJson({ type: 'private', url: `${siteOrigin}/handbook/`, headers: { Authorization: `Bearer ${SITE_TOKEN}` }, include_subpages: true, max_depth: 2 });
    assert.equal(response.status, 201, await response.clone().text());
    const added = (await response.json()) as SourceBody;
    assert.deepEqual(added.config.header_names, ['Authorization']);
    assert.ok(!JSON.stringify(added).includes(SITE_TOKEN), 'the header value is never returned');
    const source = await synced(added.id, t);
    assert.equal(source.status, 'ready', String(source.error));
    assert.equal(source.document_count, 2);
    assert.equal((await search('travel expenses approval director'))[0]?.url, `${siteOrigin}/handbook/expenses`);
    const listed = await (await api('/sources?limit=100')).text();
    assert.ok(!listed.includes(SITE_TOKEN));
    assert.ok(!logged.join('\n').includes(SITE_TOKEN), 'never logged');
    const database = Buffer.concat(['docent.db', 'docent.db-wal'].map((file) => readFileSync(path.join(dir, file), { flag: 'r' })));
    assert.equal(database.includes(Buffer.from(SITE_TOKEN)), false, 'the database holds no header value in clear');

    const wrong = (await (await addJson({ type: 'private', url: `${siteOrigin}/handbook/expenses`, headers: { Authorization: 'Bearer expired' } })).json()) as SourceBody;
    const failed = await synced(wrong.id);
    assert.equal(failed.status, 'failed');
    assert.match(String(failed.error), /401/);
    assert.equal((await search('travel expenses approval director'))[0]?.url, `${siteOrigin}/handbook/expenses`, 'the other source still answers');
  });

  it('private: a pushed archive is indexed at its canonical links; zip slip and a missing archive are refused', async (t) => {
    const zip = await yazlZip({
      'index.html': page('Intranet home', '<p>Welcome to the staff intranet.</p>', 'https://intranet.acme.test/'),
      'policies/parking/index.html': page('Parking', '<p>Staff parking permits are renewed every January at reception.</p>', 'https://intranet.acme.test/policies/parking/'),
      'assets/site.css': 'body{}',
    });
    const response = await upload('private', [{ name: 'site.zip', bytes: zip }]);
    assert.equal(response.status, 201, await response.clone().text());
    const added = (await response.json()) as SourceBody;
    assert.equal(added.config.url, null);
    const source = await synced(added.id, t);
    assert.equal(source.document_count, 2);
    assert.equal((await search('parking permits renewed'))[0]?.url, 'https://intranet.acme.test/policies/parking/');

    const slip = await upload('private', [{ name: 'evil.zip', bytes: await zipWithEntry('../escape.html') }]);
    assert.equal(slip.status, 422);
    assert.match(((await slip.json()) as { detail: string }).detail, /evil\.zip/);
    const notZip = await upload('private', [{ name: 'site.tar', bytes: 'not a zip' }]);
    assert.equal(notZip.status, 422);
  });

  it('github: a branch of a real Git server, cited at the file on its host with heading anchors; a new commit re-indexes only that file', async (t) => {
    await git.createRepo('handbook', {
      branches: [
        { name: 'main', files: { 'docs/deploy.md': '# Deploying\n\n## Rollbacks\n\nRoll back a release with acme rollback --to previous.\n', 'docs/limits.md': '# Limits\n\nEach workspace holds at most 250 dashboards.\n', 'src/app.js': 'console.log(1)' } },
        { name: 'next', files: { 'docs/preview.md': '# Preview\n\nThe preview channel ships every Thursday.\n' } },
      ],
    });
    const response = await addJson({ type: 'github', repository: git.cloneUrl('handbook'), paths: ['docs/**/*.md'] });
    assert.equal(response.status, 201, await response.clone().text());
    const added = (await response.json()) as SourceBody;
    assert.equal(added.config.branch, null);
    assert.equal(added.config.has_token, false);
    const source = await synced(added.id, t);
    assert.equal(source.status, 'ready', String(source.error));
    assert.equal(source.document_count, 2);
    const repoPage = git.cloneUrl('handbook').replace(/\.git$/, '');
    assert.equal((await search('roll back a release'))[0]?.url, `${repoPage}/blob/main/docs/deploy.md#rollbacks`);

    await git.commit('handbook', 'main', { 'docs/limits.md': '# Limits\n\nEach workspace holds at most 400 dashboards.\n' });
    assert.equal((await api('/sync', { method: 'POST' })).status, 202);
    await synced(added.id, t);
    const report = (await test.store.getSource(PROJECT, added.id))?.report;
    assert.deepEqual({ changed: report?.changed, unchanged: report?.unchanged, added: report?.added }, { changed: 1, unchanged: 1, added: 0 });
    assert.ok((await search('how many dashboards per workspace'))[0]?.url.endsWith('/blob/main/docs/limits.md'));

    const branch = (await (await addJson({ type: 'github', repository: git.cloneUrl('handbook'), branch: 'next' })).json()) as SourceBody;
    assert.equal((await synced(branch.id)).document_count, 1);
    assert.equal((await search('preview channel Thursday'))[0]?.url, `${repoPage}/blob/next/docs/preview.md`);
  });

  it('github: a private repository needs its token, which is stored encrypted; bad repositories fail only their source', async (t) => {
    await git.createRepo('secret-docs', { token: GIT_TOKEN, branches: [{ name: 'main', files: { 'README.md': '# Secret docs\n\nThe vault door code rotates weekly.\n' } }] });
    const withToken = (await (await addJson({ type: 'github', repository: git.cloneUrl('secret-docs'), token: GIT_TOKEN })).json()) as SourceBody;
    assert.equal(withToken.config.has_token, true);
    assert.ok(!JSON.stringify(withToken).includes(GIT_TOKEN));
    assert.equal((await synced(withToken.id, t)).document_count, 1);
    const database = Buffer.concat(['docent.db', 'docent.db-wal'].map((file) => readFileSync(path.join(dir, file))));
    assert.equal(database.includes(Buffer.from(GIT_TOKEN)), false, 'the token is not in the database in clear');

    const noToken = (await (await addJson({ type: 'github', repository: git.cloneUrl('secret-docs'), paths: ['*.md'] })).json()) as SourceBody;
    assert.match(String((await synced(noToken.id)).error), /not found, or it is private/);
    const wrongToken = (await (await addJson({ type: 'github', repository: git.cloneUrl('secret-docs'), branch: 'main', token: 'ghp_wrong' })).json()) as SourceBody;
    assert.match(String((await synced(wrongToken.id)).error), /token/);
    const missing = (await (await addJson({ type: 'github', repository: git.cloneUrl('no-such-repo') })).json()) as SourceBody;
    assert.match(String((await synced(missing.id)).error), /not found/);
    const noBranch = (await (await addJson({ type: 'github', repository: git.cloneUrl('secret-docs'), branch: 'gone', token: GIT_TOKEN })).json()) as SourceBody;
    assert.match(String((await synced(noBranch.id)).error), /branch gone does not exist.*main/);
    await git.createEmptyRepo('empty');
    const empty = (await (await addJson({ type: 'github', repository: git.cloneUrl('empty') })).json()) as SourceBody;
    assert.match(String((await synced(empty.id)).error), /no commits/);
    assert.equal((await search('vault door code'))[0]?.url.endsWith('/blob/main/README.md'), true, 'the good source still answers');
  });

  it('the CLI adds every type: files, an OpenAPI document, a repository with --token-env, and docent source push of a folder', async () => {
    const db = path.join(dir, 'docent.db');
    const run = async (argv: string[], env?: Record<string, string>) => {
      let out = '';
      let err = '';
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        const code = await main([...argv, '--db', db], { out: (text) => (out += text), err: (text) => (err += text) });
        return { code, out, err };
      } finally {
        for (const name of Object.keys(env ?? {})) if (saved[name] === undefined) delete process.env[name];
      }
    };
    const work = path.join(dir, 'cli');
    mkdirSync(path.join(work, 'build', 'guide'), { recursive: true });
    writeFileSync(path.join(work, 'runbook.md'), '# Runbook\n\n## Paging\n\nThe on-call engineer answers a page within fifteen minutes.\n');
    writeFileSync(path.join(work, 'manual.pdf'), await pdfManual());
    writeFileSync(path.join(work, 'petstore.json'), JSON.stringify(SWAGGER));
    writeFileSync(path.join(work, 'build', 'guide', 'index.html'), page('Guide', '<p>The kiosk mode hides the address bar on shared terminals.</p>'));
    writeFileSync(path.join(work, 'build', 'logo.svg'), '<svg/>');

    const files = await run(['source', 'add', '--project', PROJECT, '--type', 'file', path.join(work, 'runbook.md'), path.join(work, 'manual.pdf')]);
    assert.equal(files.code, 0, files.err);
    const openapi = await run(['source', 'add', '--project', PROJECT, '--type', 'openapi', path.join(work, 'petstore.json')]);
    assert.equal(openapi.code, 0, openapi.err);
    await git.createRepo('cli-docs', { token: GIT_TOKEN, branches: [{ name: 'trunk', files: { 'guide.rst': 'Guide\n=====\n\nOffline mode\n------------\n\nThe app keeps working offline for seven days.\n' } }] });
    const repo = await run(['source', 'add', '--project', PROJECT, '--type', 'github', '--repository', git.cloneUrl('cli-docs'), '--token-env', 'CLI_GIT_TOKEN'], { CLI_GIT_TOKEN: GIT_TOKEN });
    assert.equal(repo.code, 0, repo.err);
    const pushed = await run(['source', 'push', '--project', PROJECT, path.join(work, 'build')]);
    assert.equal(pushed.code, 0, pushed.err);
    // From CI, with no database at hand: the same push through the API of the running server.
    writeFileSync(path.join(work, 'faq.zip'), await yazlZip({ 'faq/index.html': page('FAQ', '<p>Badges are printed at the front desk on the first day.</p>') }));
    const remote = await run(['source', 'push', '--project', PROJECT, '--server', base, path.join(work, 'faq.zip')], { DOCENT_API_KEY: key });
    assert.equal(remote.code, 0, remote.err);
    const noKey = await run(['source', 'push', '--project', PROJECT, '--server', base, path.join(work, 'faq.zip')]);
    assert.equal(noKey.code, 2);
    assert.match(noKey.err, /DOCENT_API_KEY/);
    for (const id of [files.out, openapi.out, repo.out, pushed.out, remote.out].map((text) => text.trim())) assert.equal((await synced(id)).status, 'ready', id);
    // The CLI wrote to the database from outside the server, which sees the new content at its next check for
    // changes (every 2 seconds) and builds the index again: the first result is the one wanted within a few checks.
    const firstResultOf = async (q: string, wanted: RegExp): Promise<string | undefined> => {
      let url: string | undefined;
      for (let tries = 0; tries < 50 && !wanted.test(url ?? ''); tries++) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 200));
        url = (await search(q))[0]?.url;
      }
      return url;
    };
    const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.equal(await firstResultOf('badges printed front desk', new RegExp(`^${escaped(`${base}/faq/`)}$`)), `${base}/faq/`);
    assert.match((await firstResultOf('on-call engineer answers a page', /\/files\/runbook\.md#paging$/)) ?? '', /\/files\/runbook\.md#paging$/);
    const offline = `${git.cloneUrl('cli-docs').replace(/\.git$/, '')}/blob/trunk/guide.rst#offline-mode`;
    assert.equal(await firstResultOf('app keeps working offline', new RegExp(`^${escaped(offline)}$`)), offline);
    assert.equal(await firstResultOf('kiosk mode address bar', new RegExp(`^${escaped(`${base}/guide/`)}$`)), `${base}/guide/`);

    const bad = await run(['source', 'add', '--project', PROJECT, '--type', 'file', path.join(work, 'missing.md')]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /missing\.md cannot be read/);
    const wrongOption = await run(['source', 'add', '--project', PROJECT, '--type', 'file', '--branch', 'main', path.join(work, 'runbook.md')]);
    assert.match(wrongOption.err, /--branch is for github sources/);
    const list = await run(['source', 'list', '--project', PROJECT]);
    assert.match(list.out, /github .*cli-docs\.git/);
    assert.ok(!list.out.includes(GIT_TOKEN));
  });

  it('docent.config.json declares every type: secrets from the environment, files beside the file; applying it again re-indexes only changed files', async (t) => {
    const db = path.join(dir, 'docent.db');
    const work = path.join(dir, 'config');
    mkdirSync(path.join(work, 'manuals'), { recursive: true });
    writeFileSync(path.join(work, 'manuals', 'setup.md'), '# Setup\n\nThe setup wizard asks for a licence key first.\n');
    writeFileSync(path.join(work, 'manuals', 'faq.md'), '# FAQ\n\nThe trial lasts twenty-one days.\n');
    writeFileSync(path.join(work, 'petstore.json'), JSON.stringify(SWAGGER));
    writeFileSync(path.join(work, 'intranet.zip'), await yazlZip({ 'lunch/index.html': page('Lunch', '<p>The canteen serves lunch from noon until two.</p>') }));
    await git.createRepo('declared', { token: GIT_TOKEN, branches: [{ name: 'main', files: { 'docs/sla.md': '# SLA\n\nSupport answers within four business hours.\n' } }] });
    const config = {
      projects: [
        {
          id: PROJECT,
          name: 'Acme',
          sources: [
            { type: 'github', repository: git.cloneUrl('declared'), token: { env: 'DECLARED_GIT_TOKEN' } },
            { type: 'file', files: ['./manuals/setup.md', './manuals/faq.md'] },
            { type: 'openapi', file: './petstore.json' },
            { type: 'private', file: './intranet.zip' },
            { type: 'private', url: `${siteOrigin}/handbook/expenses`, headers: { Authorization: { env: 'DECLARED_SITE_AUTHORIZATION' } } },
          ],
        },
      ],
    };
    const file = path.join(work, 'docent.config.json');
    writeFileSync(file, JSON.stringify(config));
    const apply = async (env: Record<string, string>) => {
      let err = '';
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        const code = await main(['project', 'update', '--config', file, '--db', db], { out: () => undefined, err: (text) => (err += text) });
        return { code, err };
      } finally {
        for (const name of Object.keys(env)) if (saved[name] === undefined) delete process.env[name];
      }
    };
    writeFileSync(path.join(work, 'scan.pdf'), await imageOnlyPdf());
    const unreadableFile = path.join(work, 'unreadable.json');
    writeFileSync(unreadableFile, JSON.stringify({ projects: [{ id: PROJECT, name: 'Acme', sources: [{ type: 'file', files: ['./scan.pdf'] }] }] }));
    let unreadableErr = '';
    const unreadable = await main(['project', 'update', '--config', unreadableFile, '--db', db], { out: () => undefined, err: (text) => (unreadableErr += text) });
    assert.equal(unreadable, 2);
    assert.match(unreadableErr, /projects\[0\]\.sources\[0\]: scan\.pdf has no text layer/);
    const missing = await apply({});
    assert.equal(missing.code, 2);
    assert.match(missing.err, /projects\[0\]\.sources\[0\]\.token reads the environment variable DECLARED_GIT_TOKEN, which is not set/);
    const applied = await apply({ DECLARED_GIT_TOKEN: GIT_TOKEN, DECLARED_SITE_AUTHORIZATION: `Bearer ${SITE_TOKEN}` });
    assert.equal(applied.code, 0, applied.err);
    const declared = (await test.store.listSources(PROJECT, 1000)).filter((source) => source.declared);
    assert.deepEqual(declared.map((source) => source.type).sort(), ['file', 'github', 'openapi', 'private', 'private']);
    for (const source of declared) assert.equal((await synced(source.id, t)).status, 'ready', `${source.type}: ${source.error}`);
    assert.ok((await search('support answers within business hours'))[0]?.url.endsWith('/blob/main/docs/sla.md'));
    assert.match((await search('how long does the trial last'))[0]?.url ?? '', /\/files\/faq\.md$/);
    assert.equal((await search('canteen lunch'))[0]?.url, `${base}/lunch/`);
    const database = Buffer.concat(['docent.db', 'docent.db-wal'].map((name) => readFileSync(path.join(dir, name))));
    assert.equal(database.includes(Buffer.from(GIT_TOKEN)), false);

    // The same file applied again with one manual changed: the same source, re-indexed for that file only.
    writeFileSync(path.join(work, 'manuals', 'faq.md'), '# FAQ\n\nThe trial lasts thirty days.\n');
    assert.equal((await apply({ DECLARED_GIT_TOKEN: GIT_TOKEN, DECLARED_SITE_AUTHORIZATION: `Bearer ${SITE_TOKEN}` })).code, 0);
    const fileSource = declared.find((source) => source.type === 'file');
    assert.ok(fileSource);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await synced(fileSource.id);
    const report = (await test.store.getSource(PROJECT, fileSource.id))?.report;
    assert.deepEqual({ changed: report?.changed, unchanged: report?.unchanged }, { changed: 1, unchanged: 1 });
    assert.match((await search('how long does the trial last'))[0]?.url ?? '', /\/files\/faq\.md$/);
  });
});

/** A zip whose one entry has the given name, written by hand: yazl refuses names that leave the archive. */
async function zipWithEntry(name: string): Promise<Buffer> {
  const safe = 'x'.repeat(name.length);
  const zip = await yazlZip({ [safe]: '<h1>Escape</h1>' });
  // The name appears twice (local header and central directory), with the same length, so replacing it in place
  // keeps every offset valid.
  return Buffer.from(zip.toString('latin1').split(safe).join(name), 'latin1');
}

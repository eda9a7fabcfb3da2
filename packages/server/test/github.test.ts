/**
 * The `github` source against a real Git server: `git http-backend` on 127.0.0.1 in front of bare repositories built
 * with the git command line. Nothing here leaves 127.0.0.1; github.com only appears in URL mapping, never fetched.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cloneUrlOf, collectGithub, DEFAULT_GITHUB_PATHS, type GithubCollectOptions, type GithubSourceConfig } from '../src/sources/github/index.js';
import { filePageUrl } from '../src/sources/github/repository.js';
import type { SourceDocument } from '../src/sources/documents.js';
import { basicToken, startGitServer, type GitServer } from './helpers/gitServer.js';

const OPTIONS: GithubCollectOptions = { allowPrivateNetworks: true, userAgent: 'DocentTest/1.0', timeoutMs: 20_000 };
const TOKEN = 'ghp_test-token-1234567890';

const HANDBOOK_MAIN = {
  'README.md': '# Handbook\n\nWelcome to the handbook.\n',
  'docs/intro.md': '# Introduction\n\nWhat this is.\n\n## Install\n\nRun the installer.\n',
  'docs/guide.mdx': '# Guide\n\nA guide with MDX.\n',
  'docs/notes.txt': 'Plain notes.\n',
  'docs/reference.rst': 'Reference\n=========\n\nText.\n',
  'docs/getting started.md': '# Getting started\n\nSpaces in the name.\n',
  '.github/CONTRIBUTING.md': '# Contributing\n\nHidden folder.\n',
  'src/index.ts': 'export const x = 1;\n',
  'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
};

let server: GitServer;

function config(repository: string, branch: string | null = null, paths: string[] = [...DEFAULT_GITHUB_PATHS]): GithubSourceConfig {
  return { repository, branch, paths };
}

/** Repository-relative paths of the documents, from their `/blob/<branch>/` URLs. */
function pathsOf(documents: SourceDocument[], branch: string): string[] {
  return documents.map((document) => decodeURIComponent(document.url.split(`/blob/${branch}/`)[1] ?? '')).sort();
}

async function tempFolders(): Promise<number> {
  return (await readdir(os.tmpdir())).filter((name) => name.startsWith('docent-git-')).length;
}

// os.tmpdir() follows TMPDIR: a folder of this file's own keeps the count exact while other suites run beside it.
const outerTmpdir = process.env.TMPDIR;
let privateTmpdir = '';
let foldersBefore = 0;

before(async () => {
  privateTmpdir = await mkdtemp(path.join(os.tmpdir(), 'docent-github-test-'));
  process.env.TMPDIR = privateTmpdir;
  foldersBefore = await tempFolders();
  server = await startGitServer();
  await server.createRepo('handbook', {
    branches: [
      { name: 'main', files: HANDBOOK_MAIN },
      { name: 'docs', files: { 'guide/setup.md': '# Setup\n\nOn the docs branch.\n', 'guide/deploy.md': '# Deploy\n\nShip it.\n' } },
    ],
  });
  await server.createRepo('stable-default', {
    branches: [
      { name: 'stable', files: { 'a.md': '# A\n\nFirst.\n', 'b.md': '# B\n\nSecond.\n' } },
      { name: 'main', files: { 'other.md': '# Other\n' } },
    ],
  });
  await server.createRepo('secret', { token: TOKEN, branches: [{ name: 'main', files: { 'private.md': '# Private\n\nFor staff.\n' } }] });
  await server.createEmptyRepo('empty');
  await server.createRepo('many', {
    branches: [
      {
        name: 'main',
        files: { '1.md': '# One\n', '2.md': '# Two\n', '3.md': `# Three\n\n${'x'.repeat(5000)}\n`, '4.md': '# Four\n', '5.md': '# Five\n' },
      },
    ],
  });
  server.hang('slow');
});

after(async () => {
  await server?.close();
  if (outerTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outerTmpdir;
  if (privateTmpdir !== '') await rm(privateTmpdir, { recursive: true, force: true });
});

describe('cloneUrlOf and file URLs (no network)', () => {
  it('maps owner/name to GitHub', () => {
    assert.equal(cloneUrlOf('facebook/docusaurus'), 'https://github.com/facebook/docusaurus.git');
    assert.equal(cloneUrlOf('  owner/name.git '), 'https://github.com/owner/name.git');
    assert.equal(filePageUrl(cloneUrlOf('owner/name'), 'main', 'docs/intro.md'), 'https://github.com/owner/name/blob/main/docs/intro.md');
  });

  it('keeps a clone URL and links to its blob pages', () => {
    assert.equal(cloneUrlOf('https://gitlab.example.com/group/project.git'), 'https://gitlab.example.com/group/project.git');
    assert.equal(cloneUrlOf('https://git.example.com/team/docs/'), 'https://git.example.com/team/docs');
    assert.equal(
      filePageUrl('https://gitlab.example.com/group/project.git', 'release/2.x', 'docs/a b#c.md'),
      'https://gitlab.example.com/group/project/blob/release/2.x/docs/a%20b%23c.md',
    );
  });

  it('refuses what is not a repository, with the fix in the message', () => {
    assert.throws(() => cloneUrlOf(''), /has no repository/);
    assert.throws(() => cloneUrlOf('just-a-name'), /owner\/name/);
    assert.throws(() => cloneUrlOf('a/b/c'), /owner\/name/);
    assert.throws(() => cloneUrlOf('git@github.com:owner/name.git'), /owner\/name/);
    assert.throws(() => cloneUrlOf('ssh://git@github.com/owner/name.git'), /ssh repository URLs are not supported/);
    assert.throws(() => cloneUrlOf('https://user:secret@github.com/owner/name.git'), /contains credentials/);
    assert.throws(() => cloneUrlOf('https://github.com/'), /names a host/);
  });

  it('reports a bad repository as fatal instead of throwing', async () => {
    const result = await collectGithub(config('https://user:pw@example.com/x.git'), null, OPTIONS);
    assert.match(result.fatal ?? '', /contains credentials/);
    assert.equal(result.branch, null);
    assert.doesNotMatch(result.fatal ?? '', /pw/);
    const fromJson = { repository: 42, branch: null } as unknown as GithubSourceConfig;
    assert.match((await collectGithub(fromJson, null, OPTIONS)).fatal ?? '', /has no repository/);
  });
});

describe('collectGithub against git http-backend', () => {
  it('reads the default branch when none is set, and reports it', async (t) => {
    const started = performance.now();
    const result = await collectGithub(config(server.cloneUrl('handbook')), null, OPTIONS);
    t.diagnostic(`collect of handbook took ${Math.round(performance.now() - started)} ms`);
    assert.equal(result.fatal, null);
    assert.equal(result.branch, 'main');
    assert.deepEqual(result.failures, []);
    // Hidden folders, source code and images are not documents; .md, .mdx, .rst and .txt are.
    assert.deepEqual(pathsOf(result.documents, 'main'), [
      'README.md',
      'docs/getting started.md',
      'docs/guide.mdx',
      'docs/intro.md',
      'docs/notes.txt',
      'docs/reference.rst',
    ]);
    // Every format the default paths take renders, with a title.
    for (const document of result.documents) assert.match(await document.render(), /<title>[^<]+<\/title>/);
  });

  it('finds a default branch that is not main', async () => {
    const result = await collectGithub(config(server.cloneUrl('stable-default')), null, OPTIONS);
    assert.equal(result.fatal, null);
    assert.equal(result.branch, 'stable');
    assert.deepEqual(pathsOf(result.documents, 'stable'), ['a.md', 'b.md']);
  });

  it('reads another branch', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'docs'), null, OPTIONS);
    assert.equal(result.fatal, null);
    assert.equal(result.branch, 'docs');
    assert.deepEqual(pathsOf(result.documents, 'docs'), ['guide/deploy.md', 'guide/setup.md']);
  });

  it('narrows to the paths globs', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'main', ['docs/**/*.md']), null, OPTIONS);
    assert.equal(result.fatal, null);
    assert.deepEqual(pathsOf(result.documents, 'main'), ['docs/getting started.md', 'docs/intro.md']);
  });

  it('reads a hidden folder only when a glob names it', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'main', ['.github/*.md']), null, OPTIONS);
    assert.equal(result.fatal, null);
    assert.deepEqual(pathsOf(result.documents, 'main'), ['.github/CONTRIBUTING.md']);
  });

  it('says so when no file matches the paths', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'main', ['manual/**/*.md']), null, OPTIONS);
    assert.match(result.fatal ?? '', /No file of .*handbook\.git \(branch main\) matches the source's paths \(manual\/\*\*\/\*\.md\)/);
    assert.equal(result.branch, 'main');
  });

  it('links each document to its page on the host, and renders it with its headings', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'main', ['docs/**/*.md']), null, OPTIONS);
    const urls = result.documents.map((document) => document.url).sort();
    assert.deepEqual(urls, [
      `http://127.0.0.1:${server.port}/handbook/blob/main/docs/getting%20started.md`,
      `http://127.0.0.1:${server.port}/handbook/blob/main/docs/intro.md`,
    ]);
    const intro = result.documents.find((document) => document.url.endsWith('/intro.md'));
    assert.ok(intro);
    assert.match(intro.contentHash, /^[0-9a-f]{64}$/);
    const html = await intro.render();
    assert.match(html, /<h1[^>]*>Introduction<\/h1>/);
    assert.match(html, /<h2[^>]*id="install"[^>]*>Install<\/h2>/);
  });

  it('keeps the hash of unchanged files across a commit that changes another file', async () => {
    await server.createRepo('changing', { branches: [{ name: 'main', files: { 'same.md': '# Same\n', 'edited.md': '# Edited\n\nv1\n' } }] });
    const first = await collectGithub(config(server.cloneUrl('changing')), null, OPTIONS);
    await server.commit('changing', 'main', { 'edited.md': '# Edited\n\nv2\n', 'added.md': '# Added\n' });
    const second = await collectGithub(config(server.cloneUrl('changing')), null, OPTIONS);
    const hashes = (result: typeof first): Map<string, string> =>
      new Map(result.documents.map((document) => [document.url.split('/blob/main/')[1] ?? '', document.contentHash]));
    const before = hashes(first);
    const afterCommit = hashes(second);
    assert.equal(afterCommit.get('same.md'), before.get('same.md'));
    assert.notEqual(afterCommit.get('edited.md'), before.get('edited.md'));
    assert.ok(afterCommit.has('added.md'));
    assert.equal(before.has('added.md'), false);
  });

  it('follows a renamed repository, fetching from its new place', async () => {
    server.rename('old-secret', 'secret');
    const seenBefore = server.seen.length;
    const result = await collectGithub(config(server.cloneUrl('old-secret')), TOKEN, OPTIONS);
    assert.equal(result.fatal, null);
    assert.deepEqual(pathsOf(result.documents, 'main'), ['private.md']);
    // Only the first discovery goes to the old name; the pack request (a POST) goes straight to the new one.
    const oldName = server.seen.slice(seenBefore).filter((request) => request.url.startsWith('/old-secret.git/'));
    assert.deepEqual(oldName.map((request) => request.method), ['GET']);
  });

  it('reads a private repository with the right token, sent only as a header', async () => {
    const seenBefore = server.seen.length;
    const result = await collectGithub(config(server.cloneUrl('secret')), TOKEN, OPTIONS);
    assert.equal(result.fatal, null);
    assert.deepEqual(pathsOf(result.documents, 'main'), ['private.md']);
    const requests = server.seen.slice(seenBefore);
    assert.ok(requests.length > 0);
    for (const request of requests) {
      assert.equal(request.authorization, basicToken(TOKEN));
      assert.equal(request.url.includes(TOKEN), false);
      // GitHub speaks the smart protocol only to user agents that start with git/.
      assert.equal(request.userAgent, 'git/docent DocentTest/1.0');
    }
  });

  it('calls a private repository without a token not found, or private', async () => {
    const result = await collectGithub(config(server.cloneUrl('secret')), null, OPTIONS);
    assert.equal(result.fatal, `The repository ${server.cloneUrl('secret')} was not found, or it is private: check the name, or add a token that can read it.`);
    assert.equal(result.branch, null);
    assert.deepEqual(result.documents, []);
  });

  it('blames a refused token, without showing it', async () => {
    const wrong = 'ghp_wrong-token-0987654321';
    const result = await collectGithub(config(server.cloneUrl('secret')), wrong, OPTIONS);
    assert.equal(
      result.fatal,
      `The repository ${server.cloneUrl('secret')} could not be read with the stored token (HTTP 401): the token is wrong, expired, or cannot read this repository.`,
    );
    assert.equal(result.fatal?.includes(wrong), false);
  });

  it('reports a repository that does not exist', async () => {
    const result = await collectGithub(config(server.cloneUrl('nowhere')), null, OPTIONS);
    assert.match(result.fatal ?? '', /^The repository .*nowhere\.git was not found, or it is private/);
    assert.equal(result.branch, null);
  });

  it('lists the real branches when the branch does not exist', async () => {
    const result = await collectGithub(config(server.cloneUrl('handbook'), 'gh-pages'), null, OPTIONS);
    assert.equal(result.fatal, `The branch gh-pages does not exist in ${server.cloneUrl('handbook')}. Its branches are: docs, main.`);
    assert.equal(result.branch, null);
  });

  it('explains an empty repository', async () => {
    for (const branch of [null, 'main']) {
      const result = await collectGithub(config(server.cloneUrl('empty'), branch), null, OPTIONS);
      assert.equal(result.fatal, `The repository ${server.cloneUrl('empty')} has no commits yet: push a commit, then sync again.`);
    }
  });

  it('keeps the first maxFiles files and reports the rest, and files that are too large', async () => {
    const result = await collectGithub(config(server.cloneUrl('many')), null, { ...OPTIONS, maxFiles: 3, maxFileBytes: 1000 });
    assert.equal(result.fatal, null);
    assert.deepEqual(pathsOf(result.documents, 'main'), ['1.md', '2.md']);
    assert.deepEqual(
      result.failures.map((failure) => failure.url),
      [`http://127.0.0.1:${server.port}/many/blob/main/3.md`, `http://127.0.0.1:${server.port}/many/tree/main`],
    );
    assert.match(result.failures[0]?.reason ?? '', /larger than the 1000 bytes a file may have/);
    assert.match(result.failures[1]?.reason ?? '', /^2 more matching files were skipped: a source indexes at most 3 files/);
  });

  it('refuses loopback when private networks are not allowed, before connecting', async () => {
    const seenBefore = server.seen.length;
    const result = await collectGithub(config(server.cloneUrl('handbook')), null, { ...OPTIONS, allowPrivateNetworks: false });
    assert.match(result.fatal ?? '', /could not be fetched: .*DOCENT_ALLOW_PRIVATE_NETWORKS=true/);
    assert.equal(result.branch, null);
    assert.equal(server.seen.length, seenBefore);
  });

  it('gives up on a server that does not answer in time', async () => {
    const result = await collectGithub(config(server.cloneUrl('slow')), null, { ...OPTIONS, timeoutMs: 300 });
    assert.match(result.fatal ?? '', /could not be fetched: .*took longer than 0\.3 s/);
  });

  it('removes its temporary folders, whatever happened', async () => {
    assert.equal(os.tmpdir(), privateTmpdir);
    assert.equal(await tempFolders(), foldersBefore);
  });
});

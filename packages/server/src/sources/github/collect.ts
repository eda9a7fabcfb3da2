/**
 * A `github` source's sync: fetch the branch's last commit (shallow, into a temporary folder that is always removed),
 * list the files its `paths` globs match, and hand them over as documents. The hash of each file's bytes lets the
 * sync re-render only the files a new commit changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clone, resolveRef } from 'isomorphic-git';
import picomatch from 'picomatch';
import { isRenderable, renderFile } from '../convert/index.js';
import type { CollectResult, SourceDocument } from '../documents.js';
import type { CrawlFailure } from '../web/types.js';
import { formatBytes } from '../../net/fetchError.js';
import { chooseBranch } from './branch.js';
import { explainGitFailure } from './failure.js';
import { guardedGitHttp } from './http.js';
import { branchPageUrl, cloneUrlOf, filePageUrl } from './repository.js';
import { listFiles, readFileBytes, type TreeFile } from './tree.js';

export interface GithubSourceConfig {
  /** `owner/name` on GitHub, or an http(s) clone URL. */
  repository: string;
  /** null: the repository's default branch. */
  branch: string | null;
  /** Globs over repository-relative paths (`docs/**\/*.md`); empty means DEFAULT_GITHUB_PATHS. */
  paths: string[];
}

export const DEFAULT_GITHUB_PATHS: readonly string[] = ['**/*.md', '**/*.mdx', '**/*.rst', '**/*.txt'];

export interface GithubCollectOptions {
  allowPrivateNetworks: boolean;
  userAgent: string;
  /** Per HTTP request, the pack download included (default 120 s). */
  timeoutMs?: number;
  /** Largest file indexed (default 10 MiB); a larger one is reported in `failures`. */
  maxFileBytes?: number;
  /** Most files one source may yield (default 5,000); the rest are skipped and reported. */
  maxFiles?: number;
  signal?: AbortSignal;
}

export type GithubCollectResult = CollectResult & {
  /** The branch read (the default branch's name when none was set), or null when the repository could not be fetched. */
  branch: string | null;
};

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_FILES = 5000;
/** A shallow pack arrives as one response held in memory: this bounds what one repository can cost. */
const MAX_PACK_BYTES = 256 * 1024 * 1024;
const TEMP_PREFIX = 'docent-git-';

export async function collectGithub(config: GithubSourceConfig, token: string | null, options: GithubCollectOptions): Promise<GithubCollectResult> {
  // The config may come from a JSON file: a missing field is bad input, reported like any other.
  const repository = typeof config.repository === 'string' ? config.repository.trim() : '';
  const wantedBranch = typeof config.branch === 'string' && config.branch.trim() !== '' ? config.branch.trim() : null;
  const globs = Array.isArray(config.paths) && config.paths.length > 0 ? config.paths : DEFAULT_GITHUB_PATHS;
  const secret = typeof token === 'string' && token !== '' ? token : null;
  let cloneUrl: string;
  try {
    cloneUrl = cloneUrlOf(repository);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }

  let dir: string | null = null;
  try {
    const http = guardedGitHttp({
      allowPrivateNetworks: options.allowPrivateNetworks,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: MAX_PACK_BYTES,
      token: secret,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const choice = await chooseBranch(http, cloneUrl, repository, wantedBranch);
    if (!choice.ok) return failed(choice.message);
    const { branch } = choice;

    dir = await mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX));
    const cache = {};
    await clone({ fs, http, dir, url: cloneUrl, ref: branch, singleBranch: true, depth: 1, noCheckout: true, noTags: true, cache });
    const gitdir = path.join(dir, '.git');
    const commit = await resolveRef({ fs, gitdir, ref: `refs/remotes/origin/${branch}` });

    // dot: false, so `**` does not reach into `.github/` and other hidden folders unless a glob names them.
    const matches = picomatch([...globs], { dot: false });
    const files = await listFiles(gitdir, commit, (file) => matches(file) && isRenderable(file), cache);
    if (files.length === 0) {
      const fatal = `No file of ${repository} (branch ${branch}) matches the source's paths (${globs.join(', ')}) in a format Docent reads: check the paths.`;
      return { documents: [], failures: [], branch, fatal };
    }
    return { ...(await toDocuments(gitdir, files, cache, cloneUrl, branch, options)), fatal: null, branch };
  } catch (error) {
    return failed(explainGitFailure(error, repository, secret));
  } finally {
    // A folder that cannot be removed (permissions changed under us) must not turn a finished sync into a crash.
    if (dir !== null) await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

function failed(fatal: string): GithubCollectResult {
  return { documents: [], failures: [], fatal, branch: null };
}

async function toDocuments(
  gitdir: string,
  files: TreeFile[],
  cache: object,
  cloneUrl: string,
  branch: string,
  options: GithubCollectOptions,
): Promise<{ documents: SourceDocument[]; failures: CrawlFailure[] }> {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const documents: SourceDocument[] = [];
  const failures: CrawlFailure[] = [];
  for (const file of files.slice(0, maxFiles)) {
    const url = filePageUrl(cloneUrl, branch, file.path);
    // The bytes are read now because the folder is gone by the time the sync renders.
    const bytes = await readFileBytes(gitdir, file, cache);
    if (bytes.byteLength > maxFileBytes) {
      failures.push({ url, reason: `the file is ${formatBytes(bytes.byteLength)}, larger than the ${formatBytes(maxFileBytes)} a file may have` });
      continue;
    }
    const contentHash = createHash('sha256').update(bytes).digest('hex');
    documents.push({ url, contentHash, render: () => renderFile(file.path, bytes) });
  }
  const skipped = files.length - maxFiles;
  if (skipped > 0) {
    failures.push({
      url: branchPageUrl(cloneUrl, branch),
      reason: `${skipped} more matching ${skipped === 1 ? 'file was' : 'files were'} skipped: a source indexes at most ${maxFiles} files; narrow its paths to the documentation`,
    });
  }
  return { documents, failures };
}

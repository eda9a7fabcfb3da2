/**
 * The server serves what the contract describes: the real server (createServer over an in-memory database and a
 * one-page site, on 127.0.0.1) answers every operation of openapi.yaml, called with an admin key, with something
 * other than 404 "There is no operation", except the operations not-built-yet.json lists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeBlock, InlineCode } from '../markdown';
import { staleEntry, type NotBuiltYet } from './allowList';
import { operationName, pathFits, type Contract } from './api';
import { API_PATH } from './docs';
import type { Findings } from './findings';

/** How the server answered one operation: `served` is false for 404 "There is no operation". */
export interface Probe {
  served: boolean;
  status: number;
}

/** By operationId. */
export type Probes = ReadonlyMap<string, Probe>;

/** The parts of the server's code a probe runs, as packages/server/src exports them. */
export interface ServerCode {
  createServer(options: unknown): Promise<{ listen(port: number, host: string): Promise<string>; close(): Promise<void> }>;
  openSqliteStore(file: string): { createKey(key: unknown): Promise<unknown> };
  generateKey(): { key: string; prefix: string; hash: string };
}

/**
 * Calls every operation of the contract on a real server with an admin key of its project (POST with an empty JSON
 * body), then closes the server.
 */
export async function probeOperations(contract: Contract, code: ServerCode): Promise<Map<string, Probe>> {
  const dir = mkdtempSync(join(tmpdir(), 'docent-facts-'));
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><html><head><title>Webhooks | My project</title></head><body><main><h1>Webhooks</h1><p>Failed deliveries are retried.</p></main></body></html>');
  const store = code.openSqliteStore(':memory:');
  const server = await code.createServer({ store, site: { dir: site, project: 'my-project' }, watchSite: false });
  try {
    const url = await server.listen(0, '127.0.0.1');
    const { key, prefix, hash } = code.generateKey();
    await store.createKey({ prefix, hash, project: 'my-project', name: 'docs facts', scopes: ['admin'], memberEmail: null, expiresAt: null });
    const results = new Map<string, Probe>();
    for (const operation of contract.operations) {
      const path = operation.path.replace('{projectId}', 'my-project').replace(/\{[A-Za-z]+\}/g, 'test_1');
      const withBody = operation.method === 'POST';
      const response = await fetch(`${url}${path}`, {
        method: operation.method,
        headers: { authorization: `Bearer ${key}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { body: '{}' } : {}),
      });
      const text = await response.text();
      const missing = response.status === 404 && /There is no operation/.test(text);
      results.set(operation.id, { served: !missing, status: response.status });
    }
    return results;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Operations of the contract the server does not serve and not-built-yet.json does not list. */
export function unservedOperations(contract: Contract, probes: Probes, allowList: NotBuiltYet): Findings {
  const { operations } = contract;
  const answered = operations.filter((operation) => probes.get(operation.id)?.served);
  return {
    problems: operations
      .filter((operation) => !probes.get(operation.id)?.served && !(`${operation.method} ${operation.path}` in allowList.operations))
      .map((operation) => `${operationName(operation)} answers 404 "There is no operation": serve it, or list "${operation.method} ${operation.path}" in not-built-yet.json with its issue`),
    checked: probes.size,
    summary: `operations served by the server: ${answered.length} of ${operations.length} (${answered.map((operation) => `${operation.id} ${probes.get(operation.id)?.status}`).join(', ')})`,
  };
}

/**
 * Operations not-built-yet.json lists that the server serves now, or (for one the contract does not describe) that
 * no doc names. An operation of the contract is named by the API reference generated from it, whatever the other
 * docs say.
 */
export function staleOperations(docs: { blocks: readonly CodeBlock[]; inline: readonly InlineCode[] }, contract: Contract, probes: Probes, allowList: NotBuiltYet): string[] {
  const texts = [...docs.inline.map(({ text }) => text), ...docs.blocks.map(({ code }) => code)];
  return Object.keys(allowList.operations).flatMap((name) => {
    const [method = '', template = ''] = name.split(' ');
    const operation = contract.operations.find((candidate) => candidate.method === method && candidate.path === template);
    if (operation) return probes.get(operation.id)?.served ? [staleEntry('operation', name, `the server serves ${operation.id} now`)] : [];
    const named = texts.some((text) => [...text.matchAll(new RegExp(API_PATH.source, 'g'))].some((match) => pathFits(match[0], template)));
    return named ? [] : [staleEntry('operation', name, 'no doc names it')];
  });
}

/**
 * The code the docs are checked against, read from this repository when a test asks for it (nothing is read at
 * import): the server's modules run from source, its contract and config schema, the widget stylesheet, the
 * environment variables the code reads, and not-built-yet.json.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { widgetStylesheet } from '../../../plugins/docent-style-reference';
import { parseStyleDefaults } from '../../../src/components/StyleTable/styleReference';
import { REPOSITORY, WEBSITE } from '../markdown';
import { readAllowList, type NotBuiltYet } from './allowList';
import { contractOf, type Contract } from './api';
import type { CliMain } from './commands';
import type { ConfigReader, QuestionsReader } from './config';
import type { Json } from './json';
import { variablesReadIn } from './names';
import type { ServerCode } from './served';

export const NOT_BUILT_YET_FILE = join(WEBSITE, 'tests', 'docs', 'not-built-yet.json');

export const readNotBuiltYet = (): NotBuiltYet => readAllowList(NOT_BUILT_YET_FILE);

/** A module of packages/server/src, run from source; `T` is the part of its exports the caller uses. */
async function serverModule<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(join(REPOSITORY, 'packages', 'server', 'src', path)).href)) as T;
}

export const loadCliMain = async (): Promise<CliMain> => (await serverModule<{ main: CliMain }>('cli.ts')).main;

export const loadConfigReader = async (): Promise<ConfigReader> => (await serverModule<{ parseDocentConfig: ConfigReader }>('config/docentConfig.ts')).parseDocentConfig;

export const loadQuestionsReader = async (): Promise<QuestionsReader> => (await serverModule<{ parseQuestions: QuestionsReader }>('eval/metrics.ts')).parseQuestions;

/** The source types the server's code syncs (SOURCE_TYPES), which addSource and docent source add accept. */
export const loadSyncedSourceTypes = async (): Promise<Set<string>> =>
  new Set((await serverModule<{ SOURCE_TYPES: readonly string[] }>('sources/types.ts')).SOURCE_TYPES);

export async function loadServerCode(): Promise<ServerCode> {
  const [{ createServer }, { openSqliteStore }, { generateKey }] = await Promise.all([
    serverModule<Pick<ServerCode, 'createServer'>>('app/createServer.ts'),
    serverModule<Pick<ServerCode, 'openSqliteStore'>>('store/sqlite/index.ts'),
    serverModule<Pick<ServerCode, 'generateKey'>>('access/keys.ts'),
  ]);
  return { createServer, openSqliteStore, generateKey };
}

export const readContract = (): Contract => contractOf(parse(readFileSync(join(REPOSITORY, 'packages', 'server', 'openapi.yaml'), 'utf8')) as Json);

export const readConfigSchema = (): Json => JSON.parse(readFileSync(join(REPOSITORY, 'packages', 'server', 'docent.config.schema.json'), 'utf8')) as Json;

/** The custom properties the widget stylesheet defines. */
export const widgetProperties = (): Set<string> => new Set(parseStyleDefaults(readFileSync(widgetStylesheet(WEBSITE), 'utf8')).map(({ name }) => name));

/** Source files of code that runs, below `dir`: tests, builds and dependencies left out. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'dist', 'build', 'test', 'tests', '.docusaurus'].includes(name)) return [];
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The environment variables read where code runs: the packages' sources, the site's config, plugins and scripts. */
export function variablesReadByCode(): Set<string> {
  const places = [
    ...readdirSync(join(REPOSITORY, 'packages')).flatMap((name) => ['src', 'bin', 'scripts'].map((folder) => join(REPOSITORY, 'packages', name, folder))),
    join(WEBSITE, 'plugins'),
    join(WEBSITE, 'src'),
    join(REPOSITORY, 'scripts'),
  ].filter(isDirectory);
  return new Set([...places.flatMap(codeFiles), join(WEBSITE, 'docusaurus.config.ts')].flatMap((file) => variablesReadIn(readFileSync(file, 'utf8'))));
}

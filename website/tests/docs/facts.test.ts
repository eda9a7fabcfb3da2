/**
 * What the docs name exists: a name a reader copies from the docs either works, or is listed in not-built-yet.json
 * with the issue that builds it. Docs and pages are read as markdown.ts reads them (the generated API pages are left
 * out); every failure names the file, the line where one applies, and the name. The checks live in facts/, one
 * module a kind of name, each saying what it accepts:
 *
 * - facts/commands.ts: `docent` commands and their options against the CLI's own `--help` (facts/docs.ts says where
 *   in a code block or inline code a command starts);
 * - facts/names.ts: CSS custom properties against the widget stylesheet, environment variables against the code that
 *   reads them;
 * - facts/api.ts: operation names, paths, methods and fields against packages/server/openapi.yaml;
 * - facts/config.ts: docent.config.json and questions.json examples against the server's own readers;
 * - facts/sourceTypes.ts: the types given to sources against the types the server syncs;
 * - facts/served.ts: every operation of openapi.yaml against the real server;
 * - facts/allowList.ts: not-built-yet.json itself, which only shrinks: an entry goes once the code has it or no doc
 *   names it.
 *
 * Each test runs one checker over the real docs and code and expects no problems; the floors (`checked >= …`) make
 * a reader of the docs that finds nothing fail. facts-checkers.test.ts tests the checkers on made-up docs.
 * Widget attributes are checked by snippets.test.ts.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/facts.test.ts
 */
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { allowListSummary, entriesWithoutIssue } from './facts/allowList';
import { unknownApiFields, unknownOperationNames, unknownPaths } from './facts/api';
import { helpFrom, staleCommands, staleOptions, unknownCommands, unknownOptions } from './facts/commands';
import { configBlocks, refusedConfigs, refusedQuestions, staleConfigFields } from './facts/config';
import { apiCalls, docentCalls, titled } from './facts/docs';
import { assertNoProblems, type Findings } from './facts/findings';
import { staleVariables, unknownProperties, unknownVariables } from './facts/names';
import {
  NOT_BUILT_YET_FILE,
  loadCliMain,
  loadConfigReader,
  loadQuestionsReader,
  loadServerCode,
  loadSyncedSourceTypes,
  readConfigSchema,
  readContract,
  readNotBuiltYet,
  variablesReadByCode,
  widgetProperties,
} from './facts/repository';
import { probeOperations, staleOperations, unservedOperations, type Probes } from './facts/served';
import { schemaSourceTypes, sourceTypeUses, staleSourceTypes, unsyncedSourceTypes, type SourceTypeUse } from './facts/sourceTypes';
import { CODE_BLOCKS, DOC_FILES, INLINE_CODE, WEBSITE, textOf } from './markdown';

const NOT_BUILT_YET = readNotBuiltYet();
const CONTRACT = readContract();
const CONFIG_SCHEMA = readConfigSchema();
const HELP = helpFrom(loadCliMain);
const DOC_TEXT = DOC_FILES.map((file) => ({ file, text: textOf(file) }));
const CALLS = docentCalls(CODE_BLOCKS, INLINE_CODE);
const API_CALLS = apiCalls(CODE_BLOCKS);
const CONFIG_BLOCKS = configBlocks(CODE_BLOCKS);
const READ_VARIABLES = variablesReadByCode();

let sourceTypes: Promise<SourceTypeUse[]> | undefined;
const SOURCE_TYPE_USES = (): Promise<SourceTypeUse[]> =>
  (sourceTypes ??= sourceTypeUses({ calls: CALLS, apiCalls: API_CALLS, configBlocks: CONFIG_BLOCKS }, HELP, CONTRACT, NOT_BUILT_YET));

let probes: Promise<Probes> | undefined;
const PROBES = (): Promise<Probes> => (probes ??= loadServerCode().then((code) => probeOperations(CONTRACT, code)));

/** What each check looked at, printed by the last test. */
const counts: string[] = [];

/** Records what a check looked at, asks for at least `floor` of it, and expects no problems. */
function expectNone(findings: Findings, floor: number, what: string): void {
  counts.push(findings.summary);
  assert.ok(findings.checked >= floor, `found ${findings.checked} ${what}, fewer than ${floor}: the docs reader is broken`);
  assertNoProblems(findings.problems);
}

describe('docent commands in the docs', () => {
  it('run commands the CLI has (docent <command> --help exits 0), or ones not-built-yet.json lists', async () => {
    expectNone(await unknownCommands(CALLS, HELP, NOT_BUILT_YET), 50, 'docent commands');
  });

  it('give a command only the options its --help lists, or ones not-built-yet.json lists', async () => {
    expectNone(await unknownOptions(CALLS, HELP, NOT_BUILT_YET), 0, 'options');
  });
});

describe('names in the docs exist in the code', () => {
  it('CSS custom properties (--docent-…) are defined by the widget stylesheet', () => {
    const defined = widgetProperties();
    assert.ok(defined.size >= 18, `found ${defined.size} custom properties in the widget stylesheet`);
    expectNone(unknownProperties(DOC_TEXT, defined), 1, 'CSS custom properties');
  });

  it('environment variables are read by the code, or listed in not-built-yet.json', () => {
    assert.ok(READ_VARIABLES.has('DOCENT_LLM_MODEL'), 'the scan of the code found no DOCENT_LLM_MODEL');
    expectNone(unknownVariables(DOC_TEXT, READ_VARIABLES, NOT_BUILT_YET), 0, 'environment variables');
  });

  it('API operations named in inline code are operationIds of the contract', () => {
    expectNone(unknownOperationNames(INLINE_CODE, CONTRACT, NOT_BUILT_YET), 20, 'operation names');
  });

  it('API paths and methods exist in the contract', () => {
    expectNone(unknownPaths({ blocks: CODE_BLOCKS, inline: INLINE_CODE, calls: API_CALLS }, CONTRACT, NOT_BUILT_YET), 10, 'API paths');
  });

  it('fields of API requests and response examples exist in the contract', () => {
    expectNone(unknownApiFields({ blocks: CODE_BLOCKS, calls: API_CALLS }, CONTRACT), 8, 'API examples');
  });
});

describe('example files in the docs are accepted by the server', () => {
  it('docent.config.json: as docent serve and docent project update --config read it', async () => {
    expectNone(refusedConfigs(CONFIG_BLOCKS, await loadConfigReader(), NOT_BUILT_YET), 5, 'docent.config.json blocks');
  });

  it('questions.json: as docent eval reads it', async () => {
    expectNone(refusedQuestions(titled(CODE_BLOCKS, 'questions.json'), await loadQuestionsReader()), 1, 'questions.json blocks');
  });
});

describe('source types in the docs', () => {
  it('are synced by the server, or listed under sourceTypes in not-built-yet.json', async () => {
    const synced = await loadSyncedSourceTypes();
    assert.ok(synced.has('sitemap') && schemaSourceTypes(CONFIG_SCHEMA).has('sitemap'), 'found no sitemap among the source types of the code and the config schema');
    expectNone(unsyncedSourceTypes(await SOURCE_TYPE_USES(), synced, NOT_BUILT_YET), 10, 'source types');
  });
});

describe('the server serves the contract', () => {
  it('answers every operation of openapi.yaml, except those not-built-yet.json lists', async () => {
    expectNone(unservedOperations(CONTRACT, await PROBES(), NOT_BUILT_YET), 10, 'probed operations');
  });
});

describe('not-built-yet.json', () => {
  it('gives each entry the issue that builds it', () => {
    console.log(allowListSummary(NOT_BUILT_YET));
    assertNoProblems(entriesWithoutIssue(NOT_BUILT_YET, relative(WEBSITE, NOT_BUILT_YET_FILE)));
  });

  it('lists only commands the CLI lacks and the docs run', async () => {
    assertNoProblems(await staleCommands(CALLS, HELP, NOT_BUILT_YET));
  });

  it('lists only environment variables no code reads and the docs name', () => {
    assertNoProblems(staleVariables(DOC_TEXT, READ_VARIABLES, NOT_BUILT_YET));
  });

  it('lists only options of commands the CLI has, which their help does not list and the docs use', async () => {
    assertNoProblems(await staleOptions(CALLS, HELP, NOT_BUILT_YET));
  });

  it('lists only config fields the schema does not declare and the examples have', () => {
    assertNoProblems(staleConfigFields(CONFIG_BLOCKS, CONFIG_SCHEMA, NOT_BUILT_YET));
  });

  it('lists only source types the server does not sync, the schema does not accept and the docs use', async () => {
    assertNoProblems(staleSourceTypes(await SOURCE_TYPE_USES(), await loadSyncedSourceTypes(), schemaSourceTypes(CONFIG_SCHEMA), NOT_BUILT_YET));
  });

  it('lists only operations the server does not serve, and the docs name', async () => {
    assertNoProblems(staleOperations({ blocks: CODE_BLOCKS, inline: INLINE_CODE }, CONTRACT, await PROBES(), NOT_BUILT_YET));
  });

  it('prints what was checked', () => {
    console.log(`facts checked: ${counts.join('; ')}`);
    assert.ok(counts.length > 0);
  });
});

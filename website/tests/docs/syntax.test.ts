/**
 * Every snippet in the docs that a reader pastes into a data or config file parses, so a copied snippet never
 * fails on a missing comma or a bad indent. Checked (docs and pages, not the generated API pages):
 * - `json` blocks: JSON.parse. JSONC (comments, trailing commas) is accepted only where the block's title names a
 *   file its tool reads as JSONC: `*.jsonc`, `tsconfig*.json`, and `.vscode/*.json` (VS Code settings); there
 *   the TypeScript JSON parser, which accepts JSONC, reads it.
 * - `yaml`/`yml` blocks (mkdocs.yml, workflows, .readthedocs.yaml…): the `yaml` package; any error fails, warnings
 *   (such as an unknown `!!python/name:` tag) do not.
 * - `ts`/`tsx`/`js`/`jsx`/`mjs`/`cjs` blocks (every one, config files such as docusaurus.config.ts included):
 *   syntax errors from the TypeScript parser, nothing about types. A snippet that is an object fragment (its first
 *   line is a property, such as `plugins: [...]`) is parsed inside `({ … })`, as it is pasted into a config object.
 * - `python`/`py` blocks (Sphinx conf.py): `ast.parse` with python3; without python3 they are skipped with a note.
 * The test prints how many snippets of each kind it checked.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/syntax.test.ts
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { CODE_BLOCKS, type CodeBlock } from './markdown';

const JSON_LANGUAGES = new Set(['json', 'jsonc']);
const YAML_LANGUAGES = new Set(['yaml', 'yml']);
const SCRIPT_LANGUAGES = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'typescript', 'javascript']);
const PYTHON_LANGUAGES = new Set(['python', 'py']);

/** Files whose tools read them as JSON with comments. */
const JSONC_TITLE = /(^|\/)(\.vscode\/[^/]+\.json|tsconfig[^/]*\.json|[^/]+\.jsonc)$/;

const blocksIn = (languages: Set<string>): CodeBlock[] => CODE_BLOCKS.filter(({ language }) => languages.has(language));

/** The line of the docs file that holds line `index` (0-based) of a block. */
const docLine = (block: CodeBlock, index: number): string => `${block.file}:${block.line + 1 + index}`;

function lineOfOffset(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length - 1;
}

function jsonProblem(block: CodeBlock): string | null {
  if (block.language === 'jsonc' || JSONC_TITLE.test(block.title)) {
    const { error } = ts.parseConfigFileTextToJson(block.title || 'snippet.jsonc', block.code);
    if (!error) return null;
    const line = error.start === undefined ? 0 : lineOfOffset(block.code, error.start);
    return `${docLine(block, line)}: JSONC does not parse: ${ts.flattenDiagnosticMessageText(error.messageText, ' ')}`;
  }
  try {
    JSON.parse(block.code);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message)?.[1];
    const line = position === undefined ? 0 : lineOfOffset(block.code, Number(position));
    return `${docLine(block, line)}: JSON does not parse (JSONC is allowed only in .vscode/*.json, tsconfig*.json and *.jsonc): ${message}`;
  }
}

function yamlProblems(block: CodeBlock): string[] {
  return parseAllDocuments(block.code).flatMap((document) =>
    'errors' in document
      ? document.errors.map((error) => `${docLine(block, (error.linePos?.[0].line ?? 1) - 1)}: YAML does not parse: ${error.message.split('\n')[0]}`)
      : [],
  );
}

const SCRIPT_EXTENSION: Record<string, string> = { typescript: 'ts', javascript: 'js' };

/** Syntax errors of a script, from the TypeScript parser alone (no types, no imports resolved). */
function syntaxErrors(code: string, fileName: string): { line: number; message: string }[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const host = ts.createCompilerHost({});
  host.getSourceFile = (name) => (name === fileName ? source : undefined);
  const program = ts.createProgram({ rootNames: [fileName], options: { noLib: true, noResolve: true, allowJs: true, jsx: ts.JsxEmit.Preserve }, host });
  return program.getSyntacticDiagnostics(source).map((diagnostic) => ({
    line: source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}

/** An object fragment starts with a property (`plugins: [`), after any comments. */
function isObjectFragment(code: string): boolean {
  const first = code.split('\n').find((line) => line.trim() && !/^\s*(\/\/|\/\*|\*)/.test(line)) ?? '';
  return /^\s*[A-Za-z_$][\w$]*\s*:(?!:)/.test(first);
}

function scriptProblems(block: CodeBlock): string[] {
  const fileName = `snippet.${SCRIPT_EXTENSION[block.language] ?? block.language}`;
  let errors = syntaxErrors(block.code, fileName);
  let offset = 0;
  if (errors.length && isObjectFragment(block.code)) {
    errors = syntaxErrors(`({\n${block.code}\n})`, fileName);
    offset = -1;
  }
  return errors.map(({ line, message }) => `${docLine(block, line + offset)}: ${block.language} does not parse: ${message}`);
}

function python3Available(): boolean {
  return spawnSync('python3', ['--version']).status === 0;
}

function pythonProblem(block: CodeBlock): string | null {
  const result = spawnSync('python3', ['-c', 'import ast,sys; ast.parse(sys.stdin.read())'], { input: block.code, encoding: 'utf8' });
  if (result.status === 0) return null;
  // The last "line N" of the traceback is the snippet's (the first is the -c program's).
  const line = Number([...result.stderr.matchAll(/line (\d+)/g)].pop()?.[1] ?? 1) - 1;
  const reason = result.stderr.trim().split('\n').pop() ?? 'python3 failed';
  return `${docLine(block, line)}: Python does not parse: ${reason}`;
}

const checked = new Map<string, number>();

function check(kind: string, blocks: CodeBlock[], problemsOf: (block: CodeBlock) => string[]): void {
  checked.set(kind, blocks.length);
  assert.deepEqual(blocks.flatMap(problemsOf), []);
}

describe('snippets in the docs parse', () => {
  it('JSON (JSONC only in files read as JSONC)', () => {
    const blocks = blocksIn(JSON_LANGUAGES);
    assert.ok(blocks.length >= 20, `found ${blocks.length} JSON snippets`);
    check('JSON', blocks, (block) => [jsonProblem(block)].filter((problem) => problem !== null));
  });

  it('YAML', () => {
    const blocks = blocksIn(YAML_LANGUAGES);
    assert.ok(blocks.length >= 5, `found ${blocks.length} YAML snippets`);
    check('YAML', blocks, yamlProblems);
  });

  it('TypeScript and JavaScript (syntax only; object fragments inside `({ … })`)', () => {
    const blocks = blocksIn(SCRIPT_LANGUAGES);
    assert.ok(blocks.some(({ title }) => title.startsWith('docusaurus.config.')), 'no docusaurus.config snippet found');
    check('TypeScript/JavaScript', blocks, scriptProblems);
  });

  it('Python (conf.py)', (context) => {
    const blocks = blocksIn(PYTHON_LANGUAGES);
    if (!python3Available()) {
      console.log(`note: python3 is not available, so ${blocks.length} Python snippets were not checked`);
      context.skip('python3 is not available');
      return;
    }
    check('Python', blocks, (block) => [pythonProblem(block)].filter((problem) => problem !== null));
  });

  it('counts the snippets checked', () => {
    const counts = [...checked].map(([kind, count]) => `${kind} ${count}`).join(', ');
    const total = [...checked.values()].reduce((sum, count) => sum + count, 0);
    const unchecked = new Map<string, number>();
    const parsed = new Set([...JSON_LANGUAGES, ...YAML_LANGUAGES, ...SCRIPT_LANGUAGES, ...PYTHON_LANGUAGES]);
    for (const { language } of CODE_BLOCKS) {
      if (!parsed.has(language)) unchecked.set(language || '(none)', (unchecked.get(language || '(none)') ?? 0) + 1);
    }
    console.log(`snippets parsed: ${total} (${counts})`);
    console.log(`other code blocks, not parsed here: ${[...unchecked].map(([language, count]) => `${language} ${count}`).join(', ')}`);
    assert.ok(total > 0);
  });
});

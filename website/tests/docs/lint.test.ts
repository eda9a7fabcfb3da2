/**
 * The docs linter, without a build. It checks every doc (website/docs/**\/*.mdx except the generated api/ folder)
 * and every standalone page (website/src/pages/*.mdx) for:
 *
 * 1. Front matter: a YAML block with a non-empty `title` and `description` (the docs style: every page has both).
 * 2. Placeholder words: TODO, TBD, FIXME, lorem and "coming soon", whole words in any case, anywhere in the file,
 *    code included. A legitimate use inside a code example must be listed in PLACEHOLDERS_ALLOWED below.
 * 3. Internal links: no raw `<a href>` to a page of this site (`/…`, `./…`, `../…`, `#…`) outside code, because
 *    only Markdown links are checked by the build. `<a href="https://…">` in JSX is fine.
 * 4. Headings: only `##` and `###` outside code. A doc's title is its h1, rendered from front matter, and the table
 *    of contents shows levels 2 and 3. A page under src/pages gets no h1 from front matter, so it has exactly one
 *    `#`: its first heading.
 * 5. markdownlint, with website/.markdownlint.jsonc (each rule it turns off says why). For pages under src/pages,
 *    MD025 ignores the front matter `title`, for the reason in 4.
 * 6. cspell, in US English, with website/cspell.json and the word list website/cspell-words.txt. What is checked is
 *    the prose: paragraphs, headings, lists, table cells, admonitions, link text, image alt text, and the `title`,
 *    `sidebar_label` and `description` of the front matter. What is skipped is code and addresses: fenced code
 *    blocks, inline code, URLs and link targets, JSX and HTML tags (names, attributes and their values), `{…}`
 *    expressions, import and export lines, and the other front matter fields. Code samples are checked against
 *    the product by the snippet tests, and spell-checking identifiers would only grow the word list; a name
 *    written in prose rather than in code format has to be in the word list.
 *
 * Every failure names file:line, the problem and how to fix it.
 * Run: cd /work/main && node --import tsx --test website/tests/docs/lint.test.ts (npm test runs it with the docs checks).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { DOC_FILES, REPOSITORY, textOf, WEBSITE } from './markdown';

const MARKDOWNLINT_CONFIG = join(WEBSITE, '.markdownlint.jsonc');
const CSPELL_CONFIG = join(WEBSITE, 'cspell.json');

/**
 * Placeholder words that are legitimate where they stand, such as a `// TODO` a code example shows on purpose:
 * the file (relative to website/) and the whole line, trimmed. There should be none.
 */
const PLACEHOLDERS_ALLOWED: { file: string; line: string }[] = [];
const PLACEHOLDER = /\b(todo|tbd|fixme|lorem|coming\s+soon)\b/gi;

interface Doc {
  /** Path from the repository root, as failures name it. */
  name: string;
  /** Path from website/. */
  siteName: string;
  path: string;
  /** A standalone page under src/pages rather than a doc. */
  page: boolean;
  text: string;
}

/** The same files as the other docs checks (docs without the generated API pages, and src/pages), from one reader. */
const DOCS: Doc[] = DOC_FILES.map((siteName) => ({
  name: relative(REPOSITORY, join(WEBSITE, siteName)),
  siteName,
  path: join(WEBSITE, siteName),
  page: siteName.startsWith('src/'),
  text: textOf(siteName).replace(/\r\n/g, '\n'),
}));

/** Replaces every character but line breaks with a space, so offsets and line numbers stay put. */
const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** The front matter block, closing `---` line included, or undefined. */
function frontMatterBlock(text: string): { yaml: string; block: string } | undefined {
  const match = /^---\n([\s\S]*?)\n?---[ \t]*(?:\n|$)/.exec(text);
  return match ? { yaml: match[1] ?? '', block: match[0] } : undefined;
}

/** Blanks fenced code blocks, fence lines included; fences may be indented (in lists) and nested by length. */
function withoutFencedCode(text: string): string {
  let fence: RegExp | undefined;
  return text
    .split('\n')
    .map((line) => {
      if (fence) {
        if (fence.test(line)) fence = undefined;
        return blank(line);
      }
      const open = /^\s*(`{3,}|~{3,})/.exec(line);
      if (!open) return line;
      const marker = open[1] ?? '```';
      fence = new RegExp(`^\\s*\\${marker[0]}{${marker.length},}\\s*$`);
      return blank(line);
    })
    .join('\n');
}

/** Blanks inline code spans (single or double backticks, within a paragraph). */
const withoutInlineCode = (text: string): string =>
  text.replace(/``(?:[^`\n]|`(?!`)|\n(?![ \t]*\n))+?``|`(?:[^`\n]|\n(?![ \t]*\n))+?`/g, blank);

/** The file with its front matter, fenced code and inline code blanked: what rules 3 and 4 look at. */
function outsideCode(doc: Doc): string {
  const front = frontMatterBlock(doc.text);
  const text = front ? blank(front.block) + doc.text.slice(front.block.length) : doc.text;
  return withoutInlineCode(withoutFencedCode(text));
}

/** The front matter fields whose values are prose: shown as titles, sidebar labels, descriptions. */
const PROSE_FIELDS = /^(title|sidebar_label|description):/;

/** The prose of a file, everything else blanked (rule 6). */
function proseOf(doc: Doc): string {
  const front = frontMatterBlock(doc.text);
  let frontProse = '';
  if (front) {
    let keep = false;
    frontProse = front.block
      .split('\n')
      .map((line) => {
        const field = PROSE_FIELDS.exec(line);
        if (field) {
          keep = true;
          return blank(field[0]) + line.slice(field[0].length);
        }
        // Continuation lines of a multi-line value are indented.
        if (!(keep && /^\s+\S/.test(line))) keep = false;
        return keep ? line : blank(line);
      })
      .join('\n');
  }
  const body = outsideCode(doc).slice(front ? front.block.length : 0);
  return (
    frontProse +
    body
      // MDX import and export statements.
      .replace(/^(?:import|export)\b.*$/gm, blank)
      // JSX and HTML tags, attributes and their values included (values may hold `>` inside quotes or braces).
      .replace(/<\/?[A-Za-z][\w.:-]*(?:\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*)?\/?>/g, blank)
      // `{…}` expressions (JSX, comments, heading ids), but not escaped braces such as \{projectId\}.
      .replace(/(?<!\\)\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}/g, blank)
      // Link targets and reference definitions, then any other URL or e-mail address.
      .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, blank)
      .replace(/^ {0,3}\[[^\]\n]+\]:.*$/gm, blank)
      .replace(/\b(?:https?|ftp|mailto):[^\s<>)\]"'`]*/g, blank)
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, blank)
      // HTML entities.
      .replace(/&(?:#\d+|#x[\da-f]+|\w+);/gi, blank)
  );
}

/** JSON with comments and trailing commas, as .markdownlint.jsonc is written. */
function parseJsonc(source: string): unknown {
  let json = '';
  for (let at = 0; at < source.length; at++) {
    const rest = source.slice(at);
    const string = /^"(?:[^"\\\n]|\\.)*"/.exec(rest);
    if (string) {
      json += string[0];
      at += string[0].length - 1;
    } else if (rest.startsWith('//')) {
      at += (rest.indexOf('\n') + 1 || rest.length) - 2;
    } else if (rest.startsWith('/*')) {
      at += rest.indexOf('*/') + 1;
    } else {
      json += source[at];
    }
  }
  return JSON.parse(json.replace(/,(\s*[}\]])/g, '$1'));
}

/** Fails with one line per problem, so the whole list shows at once. */
function assertNone(problems: string[]): void {
  assert.ok(problems.length === 0, `${problems.length} problem(s):\n${problems.join('\n')}`);
}

describe('docs lint', () => {
  it('finds the docs and the standalone pages', () => {
    assert.ok(DOCS.filter((doc) => !doc.page).length > 40, `found ${DOCS.length} files`);
    assert.ok(DOCS.some((doc) => doc.page));
    assert.ok(!DOCS.some((doc) => doc.siteName.startsWith('docs/api/')), 'the generated API pages are left out');
  });

  it('1. every file has front matter with a non-empty title and description', () => {
    const problems: string[] = [];
    for (const doc of DOCS) {
      const front = frontMatterBlock(doc.text);
      if (!front) {
        problems.push(`${doc.name}:1: no front matter. Start the file with a --- block that sets title and description.`);
        continue;
      }
      let data: unknown;
      try {
        data = parseYaml(front.yaml);
      } catch (error) {
        problems.push(`${doc.name}:1: the front matter is not valid YAML (${(error as Error).message.split('\n')[0]}). Quote values that contain a colon.`);
        continue;
      }
      const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      for (const field of ['title', 'description']) {
        const value = fields[field];
        if (typeof value !== 'string' || value.trim() === '') {
          const line = front.yaml.split('\n').findIndex((text) => text.startsWith(`${field}:`));
          problems.push(
            `${doc.name}:${line >= 0 ? line + 2 : 1}: front matter has no non-empty "${field}". ` +
              (field === 'title' ? 'Set the page title (a doc shows it as its h1).' : 'Add one sentence saying what the page is for; cards, meta tags and search use it.'),
          );
        }
      }
    }
    assertNone(problems);
  });

  it('2. no placeholder words (TODO, TBD, FIXME, lorem, "coming soon")', () => {
    const problems: string[] = [];
    const used = new Set<(typeof PLACEHOLDERS_ALLOWED)[number]>();
    for (const doc of DOCS) {
      doc.text.split('\n').forEach((line, index) => {
        const allowed = PLACEHOLDERS_ALLOWED.find((entry) => entry.file === doc.siteName && entry.line === line.trim());
        if (allowed) {
          used.add(allowed);
          return;
        }
        for (const match of line.matchAll(PLACEHOLDER)) {
          problems.push(
            `${doc.name}:${index + 1}: placeholder word "${match[0]}". Say what the product does today, or remove it ` +
              '(a code example that shows the word on purpose goes in PLACEHOLDERS_ALLOWED in this test).',
          );
        }
      });
    }
    for (const entry of PLACEHOLDERS_ALLOWED) {
      if (!used.has(entry)) problems.push(`${relative(REPOSITORY, join(WEBSITE, entry.file))}: PLACEHOLDERS_ALLOWED lists a line that is no longer there; remove the entry: ${entry.line}`);
    }
    assertNone(problems);
  });

  it('3. no raw <a href> to an internal page', () => {
    const problems: string[] = [];
    for (const doc of DOCS) {
      const text = outsideCode(doc);
      for (const match of text.matchAll(/<a\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*>/g)) {
        const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/.exec(match[0]);
        const target = href?.[1] ?? href?.[2] ?? href?.[3];
        if (target === undefined || /^[a-z][a-z\d+.-]*:/i.test(target)) continue;
        problems.push(
          `${doc.name}:${lineAt(text, match.index ?? 0)}: raw <a href="${target}"> to a page of this site. ` +
            'Write a Markdown link to the file instead, such as [Styles](../customization/styles.mdx), so the build checks it.',
        );
      }
    }
    assertNone(problems);
  });

  it('4. headings are ## and ### only (plus one # on a standalone page)', () => {
    const problems: string[] = [];
    for (const doc of DOCS) {
      const lines = outsideCode(doc).split('\n');
      const headings: { line: number; level: number; text: string }[] = [];
      lines.forEach((line, index) => {
        const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$/.exec(line);
        if (atx) headings.push({ line: index + 1, level: atx[1]?.length ?? 0, text: line.trim() });
        // A setext heading: a line of = (level 1) under a paragraph line.
        if (/^ {0,3}=+[ \t]*$/.test(line) && index > 0 && (lines[index - 1] ?? '').trim() !== '') {
          headings.push({ line: index, level: 1, text: `${(lines[index - 1] ?? '').trim()} / ===` });
        }
        for (const tag of line.matchAll(/<h([1-6])\b/g)) headings.push({ line: index + 1, level: Number(tag[1]), text: tag[0] });
      });
      headings.forEach((heading, index) => {
        if (heading.level === 2 || heading.level === 3) return;
        if (heading.level === 1 && doc.page && index === 0) return;
        const fix =
          heading.level === 1
            ? doc.page
              ? 'A standalone page has one # heading, its title, before any other heading; make this one ## or ###.'
              : 'The title comes from front matter and is the only h1; make this heading ## (or ###).'
            : 'The table of contents shows levels 2 and 3 only; make it ###, or split the section.';
        problems.push(`${doc.name}:${heading.line}: level-${heading.level} heading "${heading.text}". ${fix}`);
      });
    }
    assertNone(problems);
  });

  it('5. markdownlint is clean (website/.markdownlint.jsonc)', async () => {
    const { lint } = await import('markdownlint/sync');
    const config = parseJsonc(readFileSync(MARKDOWNLINT_CONFIG, 'utf8')) as Record<string, unknown>;
    // A standalone page renders no h1 from its front matter title, so its own # heading is its one top-level heading.
    const pageConfig =
      config.MD025 === false ? config : { ...config, MD025: { ...(typeof config.MD025 === 'object' ? config.MD025 : {}), front_matter_title: '' } };
    const problems: string[] = [];
    for (const doc of DOCS) {
      const results = lint({ strings: { [doc.name]: doc.text }, config: doc.page ? pageConfig : config });
      for (const error of results[doc.name] ?? []) {
        const detail = [error.errorDetail, error.errorContext && `at "${error.errorContext}"`].filter(Boolean).join(' ');
        problems.push(
          `${doc.name}:${error.lineNumber}: ${error.ruleNames.slice(0, 2).join('/')} ${error.ruleDescription}${detail ? ` (${detail})` : ''}. ` +
            `Fix it as ${error.ruleInformation ?? 'the rule'} describes; turn a rule off in website/.markdownlint.jsonc only if it conflicts with MDX, with a comment saying why.`,
        );
      }
    }
    assertNone(problems);
  });

  it('6. cspell finds no unknown word in the prose (website/cspell.json, website/cspell-words.txt)', async () => {
    const { spellCheckDocument } = await import('cspell-lib');
    const problems: string[] = [];
    for (const doc of DOCS) {
      const prose = proseOf(doc);
      const result = await spellCheckDocument(
        { uri: pathToFileURL(doc.path).href, text: prose, languageId: 'markdown', locale: 'en-US' },
        { configFile: CSPELL_CONFIG, noConfigSearch: true, generateSuggestions: true, numSuggestions: 3 },
        {},
      );
      const errors = [...(result.errors ?? []), ...(result.configErrors ?? []).map((entry) => entry.error)];
      assert.deepEqual(errors.map(String), [], `cspell could not check ${doc.name}`);
      assert.ok(result.checked, `cspell skipped ${doc.name}: check ignorePaths in website/cspell.json`);
      for (const issue of result.issues) {
        const suggestions = issue.suggestions?.length ? ` (did you mean ${issue.suggestions.map((word) => `"${word}"`).join(', ')}?)` : '';
        problems.push(
          `${doc.name}:${lineAt(prose, issue.offset)}: unknown word "${issue.text}"${suggestions}. Fix the spelling (US English); ` +
            'a real name, option, command or identifier goes in code format, or in website/cspell-words.txt.',
        );
      }
    }
    assertNone(problems);
  });
});

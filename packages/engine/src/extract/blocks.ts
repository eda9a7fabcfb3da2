/**
 * The text of the blocks whose structure a section keeps: a code block line by line with its indentation, and a
 * table row cell by cell.
 */
import { classesOf, type Element } from './tree.js';

/** Characters that take no space: left out of code (some highlighters put them between tokens). */
const INVISIBLE = /[\u200b\u200c\u200d\ufeff]/g;
/** A class that names a code block's language: Prism and highlight.js, Sphinx and Pandoc. */
const LANGUAGE_CLASS = /^(?:language|lang|highlight|sourceCode)-([\w+#.-]+)$/;
/** Class values that name no language (Sphinx's default lexer). */
const NO_LANGUAGE: ReadonlySet<string> = new Set(['default', 'none', 'plain', 'plaintext', 'nohighlight']);
/** How far up from a `pre` the language class may sit (Sphinx: div.highlight-python > div.highlight > pre). */
const LANGUAGE_ANCESTORS = 3;

function rawText(element: Element, skip: (element: Element) => boolean): string {
  let text = '';
  for (const child of element.children) {
    if (typeof child === 'string') text += child;
    else if (child.tag === 'br') text += '\n';
    else if (!skip(child)) text += rawText(child, skip);
  }
  return text;
}

/** The file name or caption over a code block: Docusaurus's title, Sphinx's caption, MkDocs Material's file name. */
const CODE_TITLE_CLASS = /^(codeBlockTitle|code-block-caption$|filename$)/;

export function isCodeTitle(element: Element): boolean {
  return classesOf(element).some((name) => CODE_TITLE_CLASS.test(name));
}

/** A code block's lines, indentation kept, trailing spaces and blank lines at either end dropped. */
export function codeLines(pre: Element, skip: (element: Element) => boolean): string[] {
  const lines = rawText(pre, skip).replace(INVISIBLE, '').replace(/\r\n?/g, '\n').split('\n').map((line) => line.trimEnd());
  while (lines.length && !lines[0]) lines.shift();
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return lines;
}

function languageIn(element: Element): string {
  for (const name of classesOf(element)) {
    const language = LANGUAGE_CLASS.exec(name)?.[1]?.toLowerCase();
    if (language && !NO_LANGUAGE.has(language)) return language;
  }
  return element.attrs['data-language']?.toLowerCase() ?? '';
}

/** The language a code block is marked with, on the `pre`, its `code` or a wrapper, else `''`. */
export function codeLanguage(pre: Element): string {
  const code = pre.children.find((child): child is Element => typeof child !== 'string' && child.tag === 'code');
  let language = languageIn(pre) || (code ? languageIn(code) : '');
  let parent = pre.parent;
  for (let level = 0; !language && parent && level < LANGUAGE_ANCESTORS; level++, parent = parent.parent) {
    language = languageIn(parent);
  }
  return language;
}

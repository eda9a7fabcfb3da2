import { normalizeTokens, Prism, type PrismTheme } from 'prism-react-renderer';
import { encodeLines, highlight, styledTypes, withoutFinalNewline, type Highlighter } from '../src/codeHighlight/tokens';
import { isElement, walk, type HastNode } from './hast';

/** The site's `themeConfig.prism`, the one source for the colours and the languages. */
export interface CodeTokensOptions {
  readonly theme: PrismTheme;
  readonly darkTheme: PrismTheme;
  readonly additionalLanguages: readonly string[];
  readonly defaultLanguage?: string;
}

/** The Prism languages already loaded into prism-react-renderer's Prism in this process. */
const loaded = new Set<string>();

/**
 * Loads the site's additional languages into prism-react-renderer's Prism, the way the theme does in the
 * browser: Prism's language files extend the global `Prism`, so it is lent to them for the time of the require.
 */
function loadLanguages(languages: readonly string[]): void {
  const global = globalThis as { Prism?: unknown };
  const before = global.Prism;
  global.Prism = Prism;
  try {
    for (const language of languages) {
      if (loaded.has(language)) continue;
      // PHP's grammar builds on the templating helper, which is not one of prism-react-renderer's languages.
      if (language === 'php') require('prismjs/components/prism-markup-templating.js');
      require(`prismjs/components/prism-${language}.js`);
      loaded.add(language);
    }
  } finally {
    global.Prism = before;
  }
}

/** A fenced block's language, found as the theme finds it: the `language-*` class, else the default, else text. */
function languageOf(code: HastNode, defaultLanguage: string | undefined): string {
  const classes = code.properties?.className;
  const named = Array.isArray(classes) ? classes.find((name): name is string => typeof name === 'string' && name.startsWith('language-')) : undefined;
  return (named?.slice('language-'.length) ?? defaultLanguage ?? 'text').toLowerCase();
}

/**
 * Highlights each fenced code block while the page is built: the block's `<code>` gets a `tokens` attribute,
 * the compact colour runs of its text (src/codeHighlight/tokens.ts), which the site's CodeBlock renders as the
 * theme would have after running Prism. The text itself stays, for the copy button and for the theme's own
 * parsing of highlighted lines.
 */
export default function rehypeCodeTokens(options: CodeTokensOptions) {
  loadLanguages(options.additionalLanguages);
  const highlighter: Highlighter = { prism: Prism, normalizeTokens, styled: styledTypes([options.theme, options.darkTheme]) };
  return (tree: HastNode): void => {
    walk(tree, (node) => {
      // Markdown's fenced blocks only: a `<pre>` written as JSX is the author's own markup.
      if (node.type !== 'element' || !isElement(node, 'pre')) return;
      const code = node.children?.find((child) => child.type === 'element' && isElement(child, 'code'));
      const texts = code?.children ?? [];
      if (!code || texts.some((child) => child.type !== 'text')) return;
      const text = withoutFinalNewline(texts.map((child) => child.value ?? '').join(''));
      const lines = highlight(highlighter, text, languageOf(code, options.defaultLanguage));
      code.properties = { ...code.properties, tokens: encodeLines(lines) };
    });
  };
}

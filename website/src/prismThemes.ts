import type { PrismTheme } from 'prism-react-renderer';

/**
 * Code colours for both modes. Every token colour keeps at least 4.5:1 contrast against the block background
 * and against a highlighted line (`--docusaurus-highlighted-code-line-bg` in custom.css), which the
 * stock GitHub and Dracula themes do not (axe flagged strings and shell variables).
 */
interface Palette {
  background: string;
  text: string;
  comment: string;
  keyword: string;
  string: string;
  fn: string;
  number: string;
  tag: string;
  attribute: string;
  punctuation: string;
}

function themeFrom(palette: Palette): PrismTheme {
  return {
    plain: { color: palette.text, backgroundColor: palette.background },
    styles: [
      { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: palette.comment, fontStyle: 'italic' } },
      { types: ['keyword', 'atrule', 'important', 'selector', 'deleted'], style: { color: palette.keyword } },
      { types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: { color: palette.string } },
      { types: ['function', 'class-name', 'builtin'], style: { color: palette.fn } },
      { types: ['number', 'boolean', 'constant', 'symbol', 'property'], style: { color: palette.number } },
      { types: ['tag', 'namespace'], style: { color: palette.tag } },
      { types: ['attr-name', 'parameter', 'variable', 'entity'], style: { color: palette.attribute } },
      { types: ['punctuation', 'operator'], style: { color: palette.punctuation } },
    ],
  };
}

export const lightCodeTheme = themeFrom({
  background: '#f6f8fa',
  text: '#1f2328',
  comment: '#57606a',
  keyword: '#b31d28',
  string: '#0a3069',
  fn: '#6639ba',
  number: '#0550ae',
  tag: '#116329',
  attribute: '#953800',
  punctuation: '#24292f',
});

export const darkCodeTheme = themeFrom({
  background: '#1b1f2a',
  text: '#e6edf3',
  comment: '#9aa5b1',
  keyword: '#ff7b72',
  string: '#a5d6ff',
  fn: '#d2a8ff',
  number: '#79c0ff',
  tag: '#7ee787',
  attribute: '#ffa657',
  punctuation: '#c9d1d9',
});

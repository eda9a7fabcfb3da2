/**
 * Inline Markdown of the REST API's descriptions: code spans, strong and emphasis, links, backslash escapes.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'emphasis'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

const ESCAPABLE = /[\\`*_[\]()#+\-.!|<>{}]/;

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let plain = '';
  const flush = (): void => {
    if (plain) nodes.push({ kind: 'text', text: plain });
    plain = '';
  };
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position);
    const character = text[position]!;
    if (character === '\\' && ESCAPABLE.test(text[position + 1] ?? '')) {
      plain += text[position + 1];
      position += 2;
      continue;
    }
    if (character === '`') {
      const ticks = /^`+/.exec(rest)![0];
      const end = text.indexOf(ticks, position + ticks.length);
      if (end !== -1) {
        flush();
        nodes.push({ kind: 'code', text: text.slice(position + ticks.length, end).replace(/^ (.*) $/s, '$1') });
        position = end + ticks.length;
        continue;
      }
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong) {
      flush();
      nodes.push({ kind: 'strong', children: parseInline(strong[2]!) });
      position += strong[0].length;
      continue;
    }
    const emphasis = /^([*_])(?=\S)([\s\S]*?\S)\1(?![\w*])/.exec(rest);
    if (emphasis && !(character === '_' && /\w/.test(text[position - 1] ?? ''))) {
      flush();
      nodes.push({ kind: 'emphasis', children: parseInline(emphasis[2]!) });
      position += emphasis[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^()\s]+)\)/.exec(rest);
    if (link) {
      flush();
      nodes.push({ kind: 'link', href: link[2]!, children: parseInline(link[1]!) });
      position += link[0].length;
      continue;
    }
    plain += character;
    position += 1;
  }
  flush();
  return nodes;
}

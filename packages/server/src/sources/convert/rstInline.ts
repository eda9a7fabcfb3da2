/**
 * reStructuredText inline markup reduced to the text a reader sees: ``literal`` → literal, *emphasis* and
 * **strong** → their words, :role:`text <target>` → text (or the last dotted name for `~module.func`),
 * `text <url>`_ → text, name_ → name, |substitution| → substitution; footnote and citation references ([1]_,
 * [#note]_) are dropped and backslash escapes resolved. The index stores text, so nothing here emits markup;
 * the caller escapes the result.
 */

/** Private-use characters that cannot occur in a file's text around the index of a protected span. */
const OPEN = '\ue000';
const CLOSE = '\ue001';

export function stripInline(source: string): string {
  const protectedSpans: string[] = [];
  const protect = (text: string): string => `${OPEN}${protectedSpans.push(text) - 1}${CLOSE}`;

  let text = source
    // Escapes first, so an escaped star or backquote is never read as markup.
    .replace(/\\(.)/g, (_match, character: string) => protect(character))
    .replace(/\\$/g, '')
    // Literals are verbatim: nothing inside them is markup.
    .replace(/``(\S(?:[\s\S]*?\S)?)``/g, (_match, literal: string) => protect(literal))
    // :role:`text <target>`, :role:`~pkg.name`, `text`:role:
    .replace(/:[\w.+-]+(?::[\w.+-]+)*:`([^`]+)`/g, (_match, content: string) => protect(roleText(content)))
    .replace(/`([^`]+)`:[\w.+-]+(?::[\w.+-]+)*:/g, (_match, content: string) => protect(roleText(content)))
    // `text <url>`_ and anonymous `text <url>`__; an embedded URI with no text shows the URI.
    .replace(/`([^`<]*?)\s*<([^`>]*)>`__?/g, (_match, label: string, target: string) => protect(label.trim() || target.trim()))
    // _`inline target`, `reference`_, and default-role `interpreted text`.
    .replace(/_`([^`]+)`/g, (_match, label: string) => protect(label))
    .replace(/`([^`]+)`__?/g, (_match, label: string) => protect(label))
    .replace(/`([^`]+)`/g, (_match, label: string) => protect(label))
    // Footnote and citation references point elsewhere: dropped with the space before them.
    .replace(/\s*\[(?:#[\w-]*|\*|\d+|[A-Za-z][\w.-]*)\]_/g, '')
    .replace(/\|([^|\s](?:[^|]*[^|\s])?)\|(?:__?)?/g, (_match, name: string) => protect(name))
    .replace(/\*\*(\S(?:[\s\S]*?\S)?)\*\*/g, '$1')
    .replace(/\*(\S(?:[^*]*?\S)?)\*/g, '$1')
    // name_ and name__: a reference ends with a letter or digit followed by one or two underscores.
    .replace(/\b([A-Za-z0-9](?:[\w.-]*[A-Za-z0-9])?)__?(?=[\s.,;:!?)\]'"]|$)/g, '$1');

  // Restores protected spans; a span may itself contain a protected escape, hence the loop.
  const pattern = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
  for (let round = 0; round < 4 && text.includes(OPEN); round += 1) {
    text = text.replace(pattern, (_match, index: string) => protectedSpans[Number(index)] ?? '');
  }
  return text;
}

/** The text a role shows: `text <target>` → text; `~a.b.c` → c (Sphinx's short form); `!name` → name. */
function roleText(content: string): string {
  const labelled = /^([\s\S]*?)\s*<[^<>]*>$/.exec(content);
  if (labelled?.[1]) return labelled[1].trim();
  const bare = content.trim();
  if (bare.startsWith('~')) return bare.slice(1).split('.').pop() ?? bare;
  return bare.replace(/^!/, '');
}

/**
 * Checks an answer a language model wrote from numbered sections, piece by piece as it streams, and lets through
 * only what the sections support. The rule, for each statement of the answer:
 * - A sentence (of a paragraph, a list item, a quote) must cite at least one of the numbered sections, `[n]`, and
 *   at least half of its words (index terms: stemmed, stop words left out) must occur in the sections it cites.
 *   Markers of sections that were not given are removed; a sentence left with none is dropped. A sentence of
 *   fewer than three terms ("Yes [1].") needs its citation only.
 * - A code block or a table cites nothing itself: at least half of its terms must occur in one of the sections.
 * - Headings, rules and blank lines pass.
 * A dropped statement never reaches the reader; the counts say how many were checked and dropped.
 */
import { endsWithAbbreviation, termsOfWord, words } from './text.js';

/** The share of a statement's terms that its sections must contain. */
export const SUPPORT_THRESHOLD = 0.5;
/** Statements with fewer terms than this are not measured (they still need a citation). */
const MIN_TERMS_MEASURED = 3;

export interface GroundingCounts {
  /** Sentences, code blocks and tables checked. */
  checked: number;
  /** Of those, dropped: no citation of a given section, or not supported by the sections cited. */
  dropped: number;
}

export interface GroundedAnswer extends GroundingCounts {
  /** The answer with the dropped statements left out. */
  markdown: string;
  /** The section numbers the kept statements rest on, in order of first use. */
  cited: number[];
}

const MARKER = /\s*\[(\d+)\]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_PREFIX = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?|^\s*>\s?/;
/** The end of a sentence once the next one has begun: `.`, `!` or `?`, closing quotes or brackets, citation markers. */
const SENTENCE_END = /(?:\s*\[\d+\])*[.!?]+["'”’)]*(?:\s*\[\d+\])*(?=\s+["'“‘(`*_]?[\p{L}\p{N}`])/gu;

function termsOf(text: string): string[] {
  return [...new Set(words(text).flatMap((word) => termsOfWord(word)))];
}

function share(terms: readonly string[], known: ReadonlySet<string>): number {
  return terms.filter((term) => known.has(term)).length / terms.length;
}

/** Streams an answer through the rule above: `push` each piece the model sends, `end` when it stops. */
export class AnswerGrounding {
  private readonly sectionTerms: ReadonlySet<string>[];
  private pending = '';
  /** The list marker or quote prefix of the current line, when its first sentence was dropped. */
  private orphanPrefix = '';
  /** Whether anything of the current line has been let through. */
  private lineKept = false;
  private kept = '';
  private readonly cited: number[] = [];
  private readonly counts: GroundingCounts = { checked: 0, dropped: 0 };

  constructor(sectionTexts: readonly string[]) {
    this.sectionTerms = sectionTexts.map((text) => new Set(termsOf(text)));
  }

  /** Takes the next piece of the answer; returns the text that is now checked and may be shown. */
  push(piece: string): string {
    this.pending += piece;
    return this.drain(false);
  }

  /** The answer is complete: checks what is left and returns the text that may still be shown. */
  end(): string {
    return this.drain(true);
  }

  result(): GroundedAnswer {
    return { markdown: this.kept.replace(/\n{3,}/g, '\n\n').trim(), cited: [...this.cited], ...this.counts };
  }

  private drain(final: boolean): string {
    let out = '';
    for (;;) {
      const unit = this.nextUnit(final);
      if (unit === null) break;
      out += unit;
    }
    this.kept += out;
    return out;
  }

  /** Checks the next complete statement of `pending`, or returns null when none is complete yet. */
  private nextUnit(final: boolean): string | null {
    if (!this.pending) return null;
    const atLineStart = !this.lineKept && !this.orphanPrefix;
    const lineEnd = this.pending.indexOf('\n');
    const firstLine = lineEnd >= 0 ? this.pending.slice(0, lineEnd) : this.pending;
    if (atLineStart && FENCE.test(firstLine)) return this.block(final, this.fenceLength());
    if (atLineStart && firstLine.trimStart().startsWith('|')) return this.block(final, this.tableLength(final));
    if (atLineStart && (lineEnd >= 0 || final) && /^\s*(#{1,6}\s|([-*_])\s*\2\s*\2[\s\-*_]*$|$)/.test(firstLine)) {
      return this.take(lineEnd >= 0 ? lineEnd + 1 : this.pending.length);
    }
    return this.sentence(final, lineEnd);
  }

  private take(length: number): string {
    const text = this.pending.slice(0, length);
    this.pending = this.pending.slice(length);
    return text;
  }

  /** The code block or table at the start of `pending` once it is complete (`length`), checked. */
  private block(final: boolean, length: number | null): string | null {
    if (length === null && !final) return null;
    const text = this.take(length ?? this.pending.length);
    return this.checkBlock(text) ? text : '';
  }

  /** The length of the fenced code block at the start of `pending`, closing line included, or null while open. */
  private fenceLength(): number | null {
    const opening = FENCE.exec(this.pending)?.[1] ?? '```';
    const close = new RegExp(`\\n {0,3}${opening[0] === '`' ? '`' : '~'}{${opening.length},}[ \\t]*\\n`);
    const match = close.exec(this.pending);
    return match ? match.index + match[0].length : null;
  }

  /** The length of the table at the start of `pending`, or null while it may go on. */
  private tableLength(final: boolean): number | null {
    let at = 0;
    while (at < this.pending.length) {
      const end = this.pending.indexOf('\n', at);
      if (end < 0) return final ? this.pending.length : null;
      const next = end + 1;
      const following = this.pending.slice(next);
      if (!following) return final ? next : null;
      if (!following.trimStart().startsWith('|')) return next;
      at = next;
    }
    return final ? this.pending.length : null;
  }

  /** A code block or table: kept when one section holds at least half of its terms. */
  private checkBlock(text: string): boolean {
    this.counts.checked += 1;
    const terms = termsOf(text.replace(FENCE, ''));
    if (terms.length < MIN_TERMS_MEASURED) return true;
    let best = -1;
    let bestShare = 0;
    this.sectionTerms.forEach((known, position) => {
      const value = share(terms, known);
      if (value > bestShare) [best, bestShare] = [position, value];
    });
    if (bestShare < SUPPORT_THRESHOLD) {
      this.counts.dropped += 1;
      return false;
    }
    this.cite(best + 1);
    return true;
  }

  /** The next sentence of a prose line, once it is complete. */
  private sentence(final: boolean, lineEnd: number): string | null {
    const line = lineEnd >= 0 ? this.pending.slice(0, lineEnd) : this.pending;
    let end = -1;
    for (const match of line.matchAll(SENTENCE_END)) {
      if (match[0].trimStart().startsWith('.') && endsWithAbbreviation(line.slice(0, match.index))) continue;
      end = (match.index ?? 0) + match[0].length;
      end += /^\s*/.exec(line.slice(end))?.[0].length ?? 0;
      break;
    }
    const endsLine = end < 0;
    if (endsLine && lineEnd < 0 && !final) return null;
    const text = this.take(endsLine ? (lineEnd >= 0 ? lineEnd + 1 : this.pending.length) : end);
    const shown = this.checkSentence(text);
    if (endsLine) {
      const newline = text.endsWith('\n') && this.lineKept && !shown.endsWith('\n') ? '\n' : '';
      this.lineKept = false;
      this.orphanPrefix = '';
      return shown + newline;
    }
    return shown;
  }

  /** A sentence with its markers: the text to show (without markers of sections not given), or '' when dropped. */
  private checkSentence(text: string): string {
    const prefix = this.lineKept ? '' : (this.orphanPrefix || (LIST_PREFIX.exec(text)?.[0] ?? ''));
    const body = this.lineKept || this.orphanPrefix ? text : text.slice(prefix.length);
    if (!body.trim()) return '';
    this.counts.checked += 1;
    const numbers = [...body.matchAll(MARKER)].map((match) => Number(match[1]));
    const given = numbers.filter((number) => number >= 1 && number <= this.sectionTerms.length);
    const terms = termsOf(body.replace(MARKER, ''));
    const known = new Set(given.flatMap((number) => [...(this.sectionTerms[number - 1] ?? [])]));
    const supported = given.length > 0 && (terms.length < MIN_TERMS_MEASURED || share(terms, known) >= SUPPORT_THRESHOLD);
    if (!supported) {
      this.counts.dropped += 1;
      if (!this.lineKept) this.orphanPrefix = prefix;
      return '';
    }
    for (const number of given) this.cite(number);
    const cleaned = body.replace(MARKER, (marker, number: string) => (given.includes(Number(number)) ? marker : ''));
    this.lineKept = true;
    this.orphanPrefix = '';
    return prefix + cleaned;
  }

  private cite(number: number): void {
    if (!this.cited.includes(number)) this.cited.push(number);
  }
}

/** Checks a whole answer at once (see AnswerGrounding). */
export function groundAnswer(markdown: string, sectionTexts: readonly string[]): GroundedAnswer {
  const grounding = new AnswerGrounding(sectionTexts);
  grounding.push(markdown);
  grounding.end();
  return grounding.result();
}

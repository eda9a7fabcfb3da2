/**
 * Synonyms a site owner gives: groups of words that mean the same to the site's readers ("bot", "chatbot",
 * "assistant"). A query word of a group also matches the group's other words, at a lower weight than itself. The
 * groups travel with the index, so the browser, the server and `docent eval` read the same table.
 */
import { describe, IndexLoadError, REBUILD } from './indexErrors.js';
import { termsOfQueryWord, words } from './text.js';

/** Groups of words, each group's words interchangeable in a query. */
export type SynonymGroups = readonly (readonly string[])[];

/** A word's weight through a synonym, against 1 for the word itself. */
export const SYNONYM_WEIGHT = 0.5;
/** More groups than this is a thesaurus, not a site's own vocabulary: the index file would grow for little gain. */
export const MAX_SYNONYM_GROUPS = 1000;
const MAX_GROUP_WORDS = 20;

const EXAMPLE = 'for example [["bot", "chatbot", "assistant"], ["sync", "recrawl"]]';

/** Thrown by `checkSynonyms`: what is wrong with the table and how to write it. */
export class SynonymError extends Error {
  override readonly name = 'SynonymError';
}

/** The one index term of an entry, or the reason it has none. */
function termOfEntry(entry: string): string | { problem: string } {
  const found = words(entry);
  if (found.length !== 1 || found[0] !== entry.trim()) {
    return { problem: `is ${found.length === 0 ? 'no word' : `${found.length} words`}; each entry is one word: put a phrase's words in groups of their own` };
  }
  const terms = termsOfQueryWord(found[0]!);
  if (terms.length === 0 || terms[0]!.length < 2) return { problem: 'is a word search leaves out of every query (too short, or as common as "the")' };
  return terms[0]!;
}

/**
 * Checks a synonym table as it comes from a config file or an index file, and returns it as groups of trimmed
 * words. Throws `SynonymError` naming the first wrong entry by its position (`synonyms[2][1]`).
 */
export function checkSynonyms(value: unknown, name = 'synonyms'): string[][] {
  if (!Array.isArray(value)) throw new SynonymError(`${name} is ${describe(value)}, expected an array of groups of words, ${EXAMPLE}.`);
  if (value.length > MAX_SYNONYM_GROUPS) throw new SynonymError(`${name} has ${value.length} groups; at most ${MAX_SYNONYM_GROUPS} are allowed. Keep the words your readers use and your docs do not.`);
  return value.map((group, position) => {
    const where = `${name}[${position}]`;
    if (!Array.isArray(group)) throw new SynonymError(`${where} is ${describe(group)}, expected an array of words, ${EXAMPLE}.`);
    if (group.length < 2 || group.length > MAX_GROUP_WORDS) {
      throw new SynonymError(`${where} has ${group.length} ${group.length === 1 ? 'word' : 'words'}; a group holds 2 to ${MAX_GROUP_WORDS} words that mean the same.`);
    }
    return group.map((entry, offset) => {
      if (typeof entry !== 'string') throw new SynonymError(`${where}[${offset}] is ${describe(entry)}, expected a word.`);
      const term = termOfEntry(entry);
      if (typeof term !== 'string') throw new SynonymError(`${where}[${offset}] ${JSON.stringify(entry)} ${term.problem}.`);
      return entry.trim();
    });
  });
}

/** A checked table, read for queries: for each term of a group's word, the terms of the other words of its groups. */
export class Synonyms {
  private readonly table = new Map<string, string[]>();

  constructor(readonly groups: SynonymGroups) {
    for (const group of groups) {
      const terms = [...new Set(group.map((word) => termOfEntry(word)).filter((term): term is string => typeof term === 'string'))];
      for (const term of terms) {
        const others = this.table.get(term) ?? [];
        for (const other of terms) if (other !== term && !others.includes(other)) others.push(other);
        this.table.set(term, others);
      }
    }
  }

  /** The terms that stand for `term` in a query, besides itself. */
  of(term: string): readonly string[] {
    return this.table.get(term) ?? [];
  }
}

/** The `synonyms` field of an index, checked: absent for none, so an index without synonyms is as before. */
export function synonymsField(groups: unknown): { synonyms?: Synonyms } {
  const checked = checkSynonyms(groups);
  return checked.length ? { synonyms: new Synonyms(checked) } : {};
}

/** The `synonyms` field of an index file or manifest (absent: none); a wrong table is an `IndexLoadError`. */
export function readSynonyms(value: unknown): { synonyms?: Synonyms } {
  if (value === undefined) return {};
  try {
    return synonymsField(value);
  } catch (error) {
    if (error instanceof SynonymError) throw new IndexLoadError(`${error.message} ${REBUILD}`);
    throw error;
  }
}

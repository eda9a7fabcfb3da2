/**
 * Heading ids for the formats whose own tools have no id scheme we must match (Word documents), and the
 * docutils scheme for reStructuredText, so that anchors of a repository's .rst files match the ids Sphinx gives
 * the same headings on a published site.
 */

/**
 * An id for `text` that no earlier call of the same function returned: the first "Setup" is `setup`, the next
 * `setup-1`, as GitHub does for repeated headings.
 */
export type UniqueIds = (text: string) => string;

export function uniqueIds(makeId: (text: string) => string, fallback: string): UniqueIds {
  const used = new Set<string>();
  return (text) => {
    const base = makeId(text) || fallback;
    let id = base;
    for (let repeat = 1; used.has(id); repeat += 1) id = `${base}-${repeat}`;
    used.add(id);
    return id;
  };
}

/**
 * GitHub-style slug: lower case, punctuation removed, spaces to hyphens; letters of any script are kept, so a
 * heading in Greek or Japanese still gets a readable id.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * docutils' `make_id`: ASCII only (accents folded), lower case, runs of anything else to one hyphen, and no
 * leading digit or hyphen nor trailing hyphen (HTML 4 ids had to start with a letter, and docutils still
 * follows that): "1. Getting Started!" → `getting-started`.
 */
export function docutilsId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[-0-9]+|-+$/g, '');
}

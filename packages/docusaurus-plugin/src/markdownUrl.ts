/**
 * Where the Markdown copy of a page is served: `/support` → `/support.md`, `/` → `/index.md`.
 * Shared by the indexer (which writes the copies) and the "Copy page" button (which fetches them).
 */
export function markdownUrlOf(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

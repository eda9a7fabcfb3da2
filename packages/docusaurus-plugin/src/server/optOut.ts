/**
 * Pages whose front matter says `docent: false` stay out of the index, llms.txt and the Markdown copies.
 * Read from the docs and pages plugins' loaded content, so no theme component is involved.
 */

interface WithFrontMatter {
  permalink?: string;
  frontMatter?: Record<string, unknown>;
}

interface DocsContent {
  loadedVersions?: { docs?: WithFrontMatter[] }[];
}

type AllContent = Record<string, Record<string, unknown> | undefined>;

function optsOut(item: WithFrontMatter): item is WithFrontMatter & { permalink: string } {
  return item.frontMatter?.docent === false && typeof item.permalink === 'string';
}

/** The permalinks of every doc and page with `docent: false` in its front matter. */
export function optedOutPermalinks(allContent: AllContent): Set<string> {
  const permalinks = new Set<string>();
  for (const content of Object.values(allContent['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of (content as DocsContent).loadedVersions ?? []) {
      for (const doc of version.docs ?? []) if (optsOut(doc)) permalinks.add(doc.permalink);
    }
  }
  for (const content of Object.values(allContent['docusaurus-plugin-content-pages'] ?? {})) {
    for (const page of (content as WithFrontMatter[] | undefined) ?? []) if (optsOut(page)) permalinks.add(page.permalink);
  }
  return permalinks;
}

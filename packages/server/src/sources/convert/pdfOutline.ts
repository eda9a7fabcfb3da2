/**
 * The outline (bookmarks) of a PDF as a flat list of headings with the page each points to, in page order.
 * Entries that point nowhere in the document (a web link, a broken destination) are left out.
 */
import type { getDocumentProxy } from 'unpdf';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type OutlineNode = Awaited<ReturnType<PdfDocument['getOutline']>>[number];

export interface OutlineHeading {
  title: string;
  /** 0 for a top-level entry. */
  depth: number;
  /** 0-based. */
  pageIndex: number;
}

/** Outlines are written by tools, and a broken one could nest without end: deeper entries are not read. */
const MAX_DEPTH = 16;

export async function outlineHeadings(pdf: PdfDocument): Promise<OutlineHeading[]> {
  const outline = await pdf.getOutline();
  if (!outline) return [];
  const headings: OutlineHeading[] = [];
  const walk = async (nodes: OutlineNode[], depth: number): Promise<void> => {
    for (const node of nodes) {
      const title = node.title.replace(/\s+/g, ' ').trim();
      const pageIndex = await pageIndexOf(pdf, node.dest);
      if (title && pageIndex !== null && pageIndex < pdf.numPages) headings.push({ title, depth, pageIndex });
      if (depth + 1 < MAX_DEPTH && Array.isArray(node.items)) await walk(node.items as OutlineNode[], depth + 1);
    }
  };
  await walk(outline, 0);
  // Stable: entries on the same page keep their outline order.
  return headings.sort((a, b) => a.pageIndex - b.pageIndex);
}

/**
 * A destination is a name to look up or an explicit array whose first item is the page: a reference to the page
 * object, or (in some writers' output) the page's 0-based number.
 */
async function pageIndexOf(pdf: PdfDocument, dest: OutlineNode['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    const target: unknown = Array.isArray(explicit) ? explicit[0] : null;
    if (typeof target === 'number' && Number.isInteger(target) && target >= 0) return target;
    if (target && typeof target === 'object' && 'num' in target && 'gen' in target) {
      return await pdf.getPageIndex(target as Parameters<PdfDocument['getPageIndex']>[0]);
    }
  } catch {
    // A destination pdf.js cannot resolve is skipped like one that points nowhere.
  }
  return null;
}

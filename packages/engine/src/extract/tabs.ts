/**
 * Tabbed content (ARIA tabs, as Docusaurus, Starlight and others render them): each panel's text is kept, and the
 * label of its tab goes with it, so "npm" and "yarn" variants of a command stay told apart.
 */
import { collapse, findFirst, textContent, type Element } from './tree.js';

/** How far up from a panel the tab list may sit (Docusaurus: div.tabs-container > ul[role=tablist] + div > panel). */
const TAB_LIST_ANCESTORS = 3;

const hasRole = (role: string) => (element: Element): boolean => element.attrs.role === role;

/** The elements of a subtree that satisfy `predicate`, in document order (not looking inside a match). */
function findAll(element: Element, predicate: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (predicate(child)) found.push(child);
    else found.push(...findAll(child, predicate));
  }
  return found;
}

/** The label of a tab panel: the text of the tab at the panel's position in the nearest tab list; `''` if none. */
export function tabLabel(panel: Element): string {
  if (panel.attrs.role !== 'tabpanel' || !panel.parent) return '';
  const position = findAll(panel.parent, hasRole('tabpanel')).indexOf(panel);
  let ancestor: Element | null = panel.parent;
  for (let level = 0; ancestor && level < TAB_LIST_ANCESTORS; level++, ancestor = ancestor.parent) {
    const list = findFirst(ancestor, hasRole('tablist'));
    if (!list) continue;
    const tab = findAll(list, hasRole('tab'))[position];
    return tab ? collapse(textContent(tab)) : '';
  }
  return '';
}

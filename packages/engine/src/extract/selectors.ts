/**
 * The small part of CSS selectors a content root needs: `tag`, `#id`, `.class`, `[attr]`, `[attr=value]`, combined
 * (`div.body[role=main]`), with descendant steps (`#bd .content`) and alternatives separated by commas.
 */
import { findFirst, type Element } from './tree.js';

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attributes: Array<{ name: string; value: string | null }>;
}

/** Alternatives, each a chain of compounds from the outermost to the element itself. */
export type Selector = Compound[][];

const COMPOUND = /^([a-z][a-z0-9-]*|\*)?((?:#[\w-]+|\.[\w-]+|\[[\w-]+(?:=(?:"[^"]*"|'[^']*'|[^\]]*))?\])*)$/i;
const PART = /#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=("[^"]*"|'[^']*'|[^\]]*))?\]/g;

function parseCompound(text: string): Compound | null {
  const match = COMPOUND.exec(text);
  if (!match || !text) return null;
  const compound: Compound = { tag: match[1] && match[1] !== '*' ? match[1].toLowerCase() : null, id: null, classes: [], attributes: [] };
  for (const part of (match[2] ?? '').matchAll(PART)) {
    if (part[1]) compound.id = part[1];
    else if (part[2]) compound.classes.push(part[2]);
    else if (part[3]) compound.attributes.push({ name: part[3].toLowerCase(), value: part[4] === undefined ? null : part[4].replace(/^["']|["']$/g, '') });
  }
  return compound;
}

/** The selector, or a message naming what cannot be read in it. */
export function parseSelector(text: string): Selector | string {
  const selector: Selector = [];
  for (const alternative of text.split(',')) {
    const chain: Compound[] = [];
    for (const step of alternative.trim().split(/\s+/)) {
      const compound = parseCompound(step);
      if (!compound) {
        return `"${step}" in the content selector "${text}" is not a selector this reads: use tags, #id, .class, [attr] or [attr=value], separated by spaces or commas`;
      }
      chain.push(compound);
    }
    selector.push(chain);
  }
  return selector;
}

function matchesCompound(element: Element, compound: Compound): boolean {
  if (compound.tag && element.tag !== compound.tag) return false;
  if (compound.id && element.attrs.id !== compound.id) return false;
  if (compound.classes.length) {
    const classes = (element.attrs.class ?? '').split(/\s+/);
    if (!compound.classes.every((name) => classes.includes(name))) return false;
  }
  return compound.attributes.every(({ name, value }) => (value === null ? name in element.attrs : element.attrs[name] === value));
}

function matchesChain(element: Element, chain: readonly Compound[]): boolean {
  const last = chain[chain.length - 1];
  if (!last || !matchesCompound(element, last)) return false;
  let position = chain.length - 2;
  for (let ancestor = element.parent; ancestor && position >= 0; ancestor = ancestor.parent) {
    if (matchesCompound(ancestor, chain[position]!)) position -= 1;
  }
  return position < 0;
}

export function matches(element: Element, selector: Selector): boolean {
  return selector.some((chain) => matchesChain(element, chain));
}

/** The first element in document order that matches. */
export function querySelector(root: Element, selector: Selector): Element | null {
  return findFirst(root, (element) => matches(element, selector));
}

/** Tiny DOM helpers for the button module (no React here: the button must stay small). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A decorative 20×20 icon from one path. */
export function icon(path: string, className = 'docent-icon'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', className);
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  shape.setAttribute('fill', 'currentColor');
  svg.append(shape);
  return svg;
}

export const SEARCH_ICON =
  'M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z';
export const CHAT_ICON = 'M3 3h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H8l-4 3.5V14H3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z';
export const THUMB_UP_ICON = 'M8.6 2.2 9.7 2c1 0 1.8.8 1.8 1.8V7h4a2 2 0 0 1 2 2.3l-1 6A2 2 0 0 1 14.5 17H6V8.3l2.6-6.1ZM2 8h2.5v9H2V8Z';
export const THUMB_DOWN_ICON = 'M11.4 17.8l-1.1.2c-1 0-1.8-.8-1.8-1.8V13h-4a2 2 0 0 1-2-2.3l1-6A2 2 0 0 1 5.5 3H14v8.7l-2.6 6.1ZM18 12h-2.5V3H18v9Z';

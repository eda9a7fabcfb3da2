import type { Page } from '@playwright/test';

/** Where keyboard focus is, as the keyboard walkthrough checks it. */
export interface FocusStop {
  /** Tag, then the accessible label or text, e.g. `a "Quickstart"`. */
  name: string;
  /** The part of the page: navbar, announcement, sidebar, mobile-menu, breadcrumbs, toc, pagination, feedback, dialog, content, footer or page. */
  region: string;
  /** The focused element, or its parent (a field that rings its input), draws an outline or a box-shadow. */
  ringed: boolean;
}

/** The focused element, looking inside open shadow roots; null when nothing but the page has focus. */
export function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body || element === document.documentElement) return null;

    const draws = (target: Element | null): boolean => {
      if (!target) return false;
      const style = getComputedStyle(target);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
      return outline || style.boxShadow !== 'none';
    };
    const REGIONS: [string, string][] = [
      ['[aria-modal="true"]', 'dialog'],
      ['.navbar-sidebar', 'mobile-menu'],
      ['nav.navbar', 'navbar'],
      ['.theme-announcement-bar', 'announcement'],
      ['.theme-doc-sidebar-container', 'sidebar'],
      ['.theme-doc-breadcrumbs', 'breadcrumbs'],
      ['.table-of-contents', 'toc'],
      ['.pagination-nav', 'pagination'],
      ['docent-feedback', 'feedback'],
      ['footer', 'footer'],
      ['main', 'content'],
    ];
    // Walks up through shadow roots to their hosts, so a button inside a widget counts where the widget sits.
    const region = (start: Element): string => {
      for (let node: Node | null = start; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
        if (!(node instanceof Element)) continue;
        const found = REGIONS.find(([selector]) => node instanceof Element && node.matches(selector));
        if (found) return found[1];
      }
      return 'page';
    };
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return { name: `${element.tagName.toLowerCase()} "${label}"`, region: region(element), ringed: draws(element) || draws(element.parentElement) };
  });
}

/** Presses Tab from the current focus until focus leaves the page or comes back round; returns every stop. */
export async function tabThroughPage(page: Page, limit = 300): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let count = 0; count < limit; count += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop || (stops.length > 0 && stop.name === stops[0]!.name && stop.region === stops[0]!.region)) return stops;
    stops.push(stop);
  }
  throw new Error(`Tab never left the page after ${limit} presses: a focus trap? Last stops: ${stops.slice(-5).map((stop) => stop.name).join(', ')}`);
}

/** Presses Tab until the focused element's name matches, and returns that stop. */
export async function tabTo(page: Page, name: RegExp, limit = 150): Promise<FocusStop> {
  for (let count = 0; count < limit; count += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop && name.test(stop.name)) return stop;
  }
  throw new Error(`No Tab stop named ${name} within ${limit} presses.`);
}

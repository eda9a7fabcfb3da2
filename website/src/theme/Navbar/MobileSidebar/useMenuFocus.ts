import { useEffect } from 'react';

/** Everything outside the open menu: the rest of the page, and the navbar row the menu panel covers. */
function coveredElements(panel: HTMLElement): HTMLElement[] {
  const navbar = panel.closest('nav');
  const root = navbar?.parentElement;
  if (!navbar || !root) return [];
  const pageParts = Array.from(root.children).filter((element): element is HTMLElement => element instanceof HTMLElement && element !== navbar);
  const navbarRow = navbar.querySelector<HTMLElement>('.navbar__inner');
  return navbarRow ? [...pageParts, navbarRow] : pageParts;
}

/**
 * The panel fades in with a transition of its visibility, and a hidden element cannot take focus: try again on each
 * animation frame until it can, for at most half a second.
 */
function focusOnceVisible(element: HTMLElement | null): () => void {
  let frame = 0;
  const started = performance.now();
  const attempt = () => {
    if (!element || !element.isConnected) return;
    element.focus();
    if (document.activeElement !== element && performance.now() - started < 500) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** True when the key press happened inside a modal dialog (the assistant), which handles its own keys. */
function fromModalDialog(event: KeyboardEvent): boolean {
  return event.composedPath().some((target) => target instanceof Element && target.getAttribute('aria-modal') === 'true');
}

/**
 * Keyboard handling of the mobile menu, which the theme leaves out: opening it moves focus into the panel and makes
 * the page behind inert (Tab stays in the menu instead of reaching links the panel hides), Escape closes it, and
 * closing returns focus to the menu button.
 */
export function useMenuFocus(shown: boolean, close: () => void): void {
  useEffect(() => {
    if (!shown) return undefined;
    const panel = document.querySelector<HTMLElement>('.navbar-sidebar');
    if (!panel) return undefined;
    const covered = coveredElements(panel);
    for (const element of covered) element.inert = true;
    const stopFocusing = focusOnceVisible(panel.querySelector<HTMLElement>('.navbar-sidebar__close'));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || fromModalDialog(event)) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stopFocusing();
      for (const element of covered) element.inert = false;
      // Back to the menu button, unless focus has moved on (a followed link focuses the new page).
      const active = document.activeElement;
      if (active === null || active === document.body || panel.contains(active)) {
        document.querySelector<HTMLElement>('.navbar__toggle')?.focus();
      }
    };
  }, [shown, close]);
}

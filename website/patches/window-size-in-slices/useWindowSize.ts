// Stands in for theme-common's `hooks/useWindowSize` in the browser (see ./index.ts): the same export, answers and
// resize handling; only the first update after mounting is a transition. It imports nothing from theme-common,
// whose index imports it.
import { startTransition, useEffect, useState } from 'react';

type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** Infima's breakpoint between the mobile and the desktop layout, in CSS pixels, as theme-common has it. */
const DESKTOP_BREAKPOINT = 996;

/** `ssr` until mounted (the same answer as on the server, so hydration matches), then `desktop` or `mobile`. */
export function useWindowSize({ desktopBreakpoint = DESKTOP_BREAKPOINT }: { desktopBreakpoint?: number } = {}): WindowSize {
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const measure = (): WindowSize => (window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile');
    startTransition(() => setWindowSize(measure()));
    const onResize = (): void => setWindowSize(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [desktopBreakpoint]);
  return windowSize;
}

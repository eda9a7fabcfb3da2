// Stands in for @docusaurus/theme-common's `utils/reactUtils` where two of the theme's modules import it (see
// ./index.ts): `hooks/useMutationObserver` (every code block) and `contexts/navbarSecondaryMenu/content`
// (every doc page). The theme's `useShallowMemoObject` sorts an object's keys with `localeCompare`, and the first
// `localeCompare` of a page starts the browser's collator: about 6 ms of a phone's main thread in the middle of
// hydration, to order a handful of plain ASCII names. This one orders them by code unit; the rest is the theme's.
import { useMemo } from 'react';

export { ReactContextError, useEvent, usePrevious } from '@docusaurus/theme-common';

function byName([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The same object for as long as its own properties keep the same values (compared as React compares deps). */
export function useShallowMemoObject<T extends object>(value: T): T {
  const entries = Object.entries(value).sort(byName);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the deps are the object's entries, spread
  return useMemo(() => value, entries.flat());
}

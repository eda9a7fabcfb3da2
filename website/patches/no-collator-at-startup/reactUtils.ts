// Stands in for theme-common's `utils/reactUtils` in the folders of the modules that import `useShallowMemoObject`
// (./index.ts). Its other exports are theme-common's own, re-exported, so there is still one `ReactContextError`.
import { useMemo } from 'react';

export { composeProviders, ReactContextError, useEvent, usePrevious } from '@docusaurus/theme-common';

function byKey([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : 1;
}

/** The same object for as long as its own keys keep the same values, in any order; no collator involved. */
export function useShallowMemoObject<T extends object>(value: T): T {
  const entries = Object.entries(value).sort(byKey);
  // The dependencies are the object's keys and values, as many as it has.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, entries.flat());
}

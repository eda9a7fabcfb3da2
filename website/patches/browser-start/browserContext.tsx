// Stands in for Docusaurus' `@docusaurus/core/lib/client/browserContext` (see ./index.ts): the same
// exports and behaviour, with the switch to "in the browser" rendered as a transition.
import React, { createContext, startTransition, useEffect, useState, type ReactNode } from 'react';

/** What `useIsBrowser()` reads: false on the server and while the page hydrates, true after. */
export const Context = createContext(false);

export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}

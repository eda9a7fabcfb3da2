import React, { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type OriginalApiExplorer from '@theme-original/ApiExplorer';
import { whenNear } from '@site/src/nearViewport';

/**
 * The request explorer of the API pages ("Send API Request", code samples) is about 0.5 MiB of gzipped script, with
 * Prism for its samples (patches/dedupe-explorer-deps keeps its dependencies to one copy each).
 * The theme loads it before the page becomes interactive; here it loads in its own chunk, and only once the
 * reader may use it: when its place comes near the viewport (at once on a wide screen, where it sits beside the
 * text; after scrolling on a phone, where it comes after the text) or when the pointer goes over it.
 * The theme renders it in the browser only, so the server-rendered page is the same either way.
 */
const ApiExplorer = lazy(async () => {
  // The explorer's code samples use Prism with the site's languages, which pages do not load at start-up.
  const [explorer] = await Promise.all([import('@theme-original/ApiExplorer'), import('@site/src/codeHighlight/browserHighlighter')]);
  return explorer;
});

/** How far outside the viewport the explorer starts loading, so that it is ready when the reader gets there. */
const AHEAD = '600px 0px';

/** The theme's loading placeholder for the explorer (the one it shows before hydration), same place and size. */
const PLACEHOLDER_CLASS = 'openapi-skeleton lg';

export default function ApiExplorerOnDemand(props: ComponentProps<typeof OriginalApiExplorer>): ReactNode {
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wanted) return undefined;
    return whenNear(placeholder.current, AHEAD, () => setWanted(true));
  }, [wanted]);
  if (!wanted) return <div ref={placeholder} className={PLACEHOLDER_CLASS} data-api-explorer="waiting" onPointerEnter={() => setWanted(true)} />;
  return (
    <Suspense fallback={<div className={PLACEHOLDER_CLASS} data-api-explorer="loading" />}>
      <ApiExplorer {...props} />
    </Suspense>
  );
}

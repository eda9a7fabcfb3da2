import React, { lazy, Suspense, type ComponentProps } from 'react';
import type OriginalApiExplorer from '@theme-original/ApiExplorer';

/**
 * The request explorer of the API pages ("Send API Request", code samples) is about 0.5 MiB of gzipped script
 * (1.6 MiB before plugins/dedupe-explorer-deps.ts folded its duplicate dependencies).
 * The theme loads it before the page becomes interactive; here it loads in its own chunk after the page is up.
 * The theme renders it in the browser only, so the server-rendered page is the same either way.
 */
const ApiExplorer = lazy(() => import('@theme-original/ApiExplorer'));

export default function ApiExplorerWhenReady(props: ComponentProps<typeof OriginalApiExplorer>): React.JSX.Element {
  return (
    <Suspense fallback={null}>
      <ApiExplorer {...props} />
    </Suspense>
  );
}

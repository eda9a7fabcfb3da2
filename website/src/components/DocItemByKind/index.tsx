import React, { lazy, Suspense, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';
import type { Props } from '@theme/DocItem';

/** The OpenAPI theme's page layout (request explorer, schema viewer) weighs megabytes: only API pages load it. */
const ApiItem = lazy(() => import('@theme/ApiItem'));

interface GeneratedFrontMatter {
  api?: string;
  schema?: unknown;
}

/**
 * The docs plugin takes one item component for every doc. Pages generated from the OpenAPI file
 * (front matter `api` or `schema`) get the API layout; every other doc keeps the theme's own DocItem.
 */
export default function DocItemByKind(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as GeneratedFrontMatter;
  if (frontMatter.api === undefined && frontMatter.schema === undefined) {
    return <DocItem {...props} />;
  }
  return (
    <Suspense fallback={null}>
      <ApiItem {...props} />
    </Suspense>
  );
}

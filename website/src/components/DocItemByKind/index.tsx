import React, { type ComponentType, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';
import type { Props } from '@theme/DocItem';

interface ApiPageContent {
  /** The OpenAPI theme's page layout, which the pages generated from the OpenAPI file export (plugins/remark-api-layout.ts). */
  readonly ApiLayout?: ComponentType<Props>;
}

/**
 * The docs plugin takes one item component for every doc. Pages generated from the OpenAPI file get the API
 * layout (request explorer, schema viewer) they bring with them; every other doc keeps the theme's own DocItem.
 */
export default function DocItemByKind(props: Props): ReactNode {
  const { ApiLayout } = props.content as unknown as ApiPageContent;
  return ApiLayout ? <ApiLayout {...props} /> : <DocItem {...props} />;
}

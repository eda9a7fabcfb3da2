import React, { memo, type ComponentType, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';
import type { Props } from '@theme/DocItem';

type Content = Props['content'];

interface ApiPageContent {
  /** The OpenAPI theme's page layout, which the pages generated from the OpenAPI file export (plugins/remark-api-layout.ts). */
  readonly ApiLayout?: ComponentType<Props>;
}

const memoized = new WeakMap<Content, Content>();

/**
 * The page's content as a memoized component, with the same metadata, front matter and API description attached.
 * The API layout renders a second time once the page has hydrated, to swap its server-side store for one with the
 * reader's state; rendered as a plain component, the page's whole Markdown (schemas, descriptions) rendered again
 * with it, about 180 ms of blocked main thread on a phone. Memoized, only the parts that read the store do.
 */
function memoizedContent(content: Content): Content {
  let stable = memoized.get(content);
  if (!stable) {
    stable = Object.assign(memo(content), content) as unknown as Content;
    memoized.set(content, stable);
  }
  return stable;
}

/**
 * The docs plugin takes one item component for every doc. Pages generated from the OpenAPI file get the API
 * layout (request explorer, schema viewer) they bring with them; every other doc keeps the theme's own DocItem.
 */
export default function DocItemByKind(props: Props): ReactNode {
  const { ApiLayout } = props.content as unknown as ApiPageContent;
  return ApiLayout ? <ApiLayout {...props} content={memoizedContent(props.content)} /> : <DocItem {...props} />;
}

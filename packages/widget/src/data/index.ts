import type { WidgetOptions } from '../attributes.js';
import { createStaticSource } from './staticSource.js';
import type { DataSource } from './types.js';

/**
 * The data source for an element's options. `api-url` (connected mode) is parsed and stored, but only static
 * mode exists so far: a connected source will implement the same `DataSource` interface.
 */
export function sourceFor(options: Pick<WidgetOptions, 'indexUrl' | 'apiUrl'>): DataSource {
  return createStaticSource(options.indexUrl);
}

export type { Answer, Citation, DataSource, PageHit, PageLink, SectionHit } from './types.js';

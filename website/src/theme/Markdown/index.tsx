import { memo } from 'react';
import Markdown from '@theme-original/Markdown';

/**
 * The OpenAPI theme turns each schema description into HTML in the browser, on every render. Its page layout renders
 * the whole schema again once the page has hydrated (it swaps its server-side store for the reader's), so each
 * description was converted twice during start-up. Memoized, a description renders again only when its text changes.
 */
export default memo(Markdown);

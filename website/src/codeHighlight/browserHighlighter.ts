import { normalizeTokens, Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import { siteStyledTypes } from './siteStyledTypes';
import type { Highlighter } from './tokens';

/**
 * Prism with the site's languages, for the code the browser highlights itself: code blocks built at run time
 * (the API pages' samples) and the API request explorer. Loaded on demand, in its own chunk: Markdown code
 * blocks come highlighted from the build and never load it.
 */
prismIncludeLanguages(Prism);

export const highlighter: Highlighter = { prism: Prism, normalizeTokens, styled: siteStyledTypes };

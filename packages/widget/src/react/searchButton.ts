import { forwardRef } from 'react';
import { defineSearchButton } from '../elements/define/searchButton.js';
import { useButtonElement, type DocentElementHandle, type SearchButtonProps } from './components.js';

/**
 * `<docent-search-button>`: a search-box-like button that opens the dialog on the Search tab. Its element's code
 * comes with the page (about 3 KB gzip), not as a chunk of its own: the navbar button is on every page, and a
 * request after hydration would leave it as bare text a moment longer.
 */
export const SearchButton = forwardRef<DocentElementHandle, SearchButtonProps>(function SearchButton(props, ref) {
  return useButtonElement('docent-search-button', defineSearchButton, props, ref);
});

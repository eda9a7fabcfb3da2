// <docent-search-button> alone, for the React component: it imports this with the page and registers the element
// after hydration, once the host has had its render to call setStylesheetUrl.
import { DocentSearchButton } from '../searchButton.js';
import { define } from './define.js';

export function defineSearchButton(): void {
  define('docent-search-button', DocentSearchButton);
}

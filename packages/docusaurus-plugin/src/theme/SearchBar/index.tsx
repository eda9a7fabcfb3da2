import React, { type ReactNode } from 'react';
import { SearchButton } from '@docent/widget/react';
import { useDocentWidget } from '../../client/useDocentWidget';

/**
 * The navbar slot: Docent's search button. Only the button loads with the page; the dialog, the
 * engine and the index load on the first hover, focus, click or shortcut.
 */
export default function SearchBar(): ReactNode {
  const { props } = useDocentWidget();
  return <SearchButton {...props}>Search</SearchButton>;
}

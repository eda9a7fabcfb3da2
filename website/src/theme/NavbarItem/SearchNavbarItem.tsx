import React, { type ReactNode } from 'react';
import SearchNavbarItem from '@theme-original/NavbarItem/SearchNavbarItem';
import SearchBar from '@theme/SearchBar';
import type SearchNavbarItemType from '@theme/NavbarItem/SearchNavbarItem';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof SearchNavbarItemType>;

/**
 * The search button is the navbar's one configured item, so it is also the first entry of the
 * mobile menu's primary panel (the theme renders nothing there for search by default).
 */
export default function SearchNavbarItemWrapper(props: Props): ReactNode {
  if (props.mobile) {
    return (
      <li className="menu__list-item">
        <SearchBar />
      </li>
    );
  }
  return <SearchNavbarItem {...props} />;
}

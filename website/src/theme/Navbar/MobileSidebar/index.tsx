import React, { type ReactNode } from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type { WrapperProps } from '@docusaurus/types';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import { useMenuFocus } from './useMenuFocus';

type Props = WrapperProps<typeof MobileSidebarType>;

/** The mobile menu with the keyboard handling the theme lacks: see useMenuFocus. */
export default function MobileSidebarWrapper(props: Props): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();
  useMenuFocus(shown, toggle);
  return <MobileSidebar {...props} />;
}

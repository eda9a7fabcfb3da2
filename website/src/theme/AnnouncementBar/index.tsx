import React, { useEffect, type ReactNode } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * The theme hides a dismissed bar with CSS keyed on an attribute set before hydration. When the
 * announcement id changes, the theme shows the bar again but leaves that attribute, so the new
 * announcement would stay hidden until the next page load. Clearing it makes the bar reappear at once.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}

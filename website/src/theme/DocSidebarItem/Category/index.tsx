/**
 * Sidebar categories. A group heading (a category that neither links nor collapses, such as "Web frameworks")
 * is a label, not a link: Docusaurus renders it as an `<a>` without `href` that still takes focus, which
 * keyboard users tab through for nothing and crawlers report as an uncrawlable link. Everything else is the
 * theme's own category.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { isActiveSidebarItem } from '@docusaurus/plugin-content-docs/client';
import Category from '@theme-original/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import DocSidebarItems from '@theme/DocSidebarItems';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof CategoryType>;

export default function CategoryWrapper(props: Props): ReactNode {
  const { item, level, activePath, onItemClick } = props;
  if (item.collapsible || item.href) return <Category {...props} />;
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemCategory,
        ThemeClassNames.docs.docSidebarItemCategoryLevel(level),
        'menu__list-item',
      )}
    >
      <div className="menu__list-item-collapsible">
        <span className={clsx('menu__link', 'docent-sidebar-group', isActiveSidebarItem(item, activePath) && 'menu__link--active')}>
          {item.label}
        </span>
      </div>
      <ul className="menu__list">
        <DocSidebarItems items={item.items} onItemClick={onItemClick} activePath={activePath} level={level + 1} />
      </ul>
    </li>
  );
}

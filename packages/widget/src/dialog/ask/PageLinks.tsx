/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { PageLink } from '../../data/types.js';
import { isExternal } from '../../markdown/url.js';

/** A titled list of page links under an answer: the closest pages, or the related ones. */
export function PageLinks({ title, pages, pageOrigin }: { title: string; pages: readonly PageLink[]; pageOrigin: string | undefined }): ReactNode {
  if (pages.length === 0) return null;
  return (
    <>
      <p className="docent-page-links-title">{title}</p>
      <ul className="docent-closest">
        {pages.map((page) => (
          <li key={page.url}>
            <a href={page.url} {...(isExternal(page.url, pageOrigin) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {page.title}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

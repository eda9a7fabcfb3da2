import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { PageMetadata } from '@docusaurus/theme-common';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof ContentType>;

/**
 * The theme sets the not-found title outside the layout, whose site-wide title then wins in the built 404.html.
 * Set here, inside the layout, the page keeps its own title, and `noindex` keeps it out of search engines.
 */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title="Page Not Found" />
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <Content {...props} />
    </>
  );
}

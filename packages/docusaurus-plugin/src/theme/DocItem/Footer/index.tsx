import React, { type ReactNode } from 'react';
import Footer from '@theme-init/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { PageFeedback } from '@docent/widget/react';
import { useDocentWidget } from '../../../client/useDocentWidget';
import { useDocOptedOut } from '../../../client/useDocOptedOut';
import styles from './styles.module.css';

type Props = WrapperProps<typeof FooterType>;

/**
 * With `pageFeedback: true` (the default), "Was this page helpful?" closes every doc: after the footer (tags, edit
 * link, last update), above the previous/next links. Docs with front matter `docent: false` get none. Only the
 * element renders on the server; its code and stylesheet load in the browser, without any dialog code.
 */
export default function DocItemFooterWithFeedback(props: Props): ReactNode {
  const { metadata } = useDoc();
  const optedOut = useDocOptedOut();
  const { props: widget, pageFeedback } = useDocentWidget();
  return (
    <>
      <Footer {...props} />
      {pageFeedback && !optedOut ? (
        <div className={styles.feedback}>
          {/* Keyed by page, so moving to another doc starts a fresh block rather than keeping the last page's thanks. */}
          <PageFeedback
            key={metadata.permalink}
            project={widget.project}
            apiUrl={widget.apiUrl}
            theme={widget.theme}
            hideBranding={widget.hideBranding}
          />
        </div>
      ) : null}
    </>
  );
}

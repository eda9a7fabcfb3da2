import React, { type ReactNode } from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import DocentCopyPage from '@theme/DocentCopyPage';
import { useDocOptedOut } from '../../../client/useDocOptedOut';
import { markdownUrlOf } from '../../../markdownUrl';

type Props = WrapperProps<typeof ContentType>;

/**
 * Adds the "Copy page" button to every doc that has a Markdown copy. Pages that opt out with front matter
 * `docent: false` have none, so they get no button.
 */
export default function DocItemContentWithCopyPage(props: Props): ReactNode {
  const { metadata } = useDoc();
  const optedOut = useDocOptedOut();
  return (
    <>
      {optedOut ? null : <DocentCopyPage markdownUrl={markdownUrlOf(metadata.permalink)} />}
      <Content {...props} />
    </>
  );
}

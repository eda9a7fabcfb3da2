import React, { type ReactNode } from 'react';
import Root from '@theme-init/Root';
import type RootType from '@theme/Root';
import type { WrapperProps } from '@docusaurus/types';
import { ChatButton } from '@docent/widget/react';
import { useDocentWidget } from '../../client/useDocentWidget';

type Props = WrapperProps<typeof RootType>;

/** With `chatButton: true`, the floating "Ask AI" button sits in a corner of every page. */
export default function RootWithChatButton(props: Props): ReactNode {
  const { props: widget, chatButton } = useDocentWidget();
  return (
    <>
      <Root {...props} />
      {chatButton ? <ChatButton {...widget}>Ask AI</ChatButton> : null}
    </>
  );
}

import React, { type ReactNode } from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import type RequestSchemaType from 'docusaurus-theme-openapi-docs/lib/theme/RequestSchema';
import type { WrapperProps } from '@docusaurus/types';
import MountInTurn from '@site/src/components/MountInTurn';

type Props = WrapperProps<typeof RequestSchemaType>;

/** The theme renders this part in the browser only; here it waits its turn with the page's other such parts. */
export default function RequestSchemaInTurn(props: Props): ReactNode {
  return <MountInTurn fallback={<div className="openapi-skeleton md" />}>{() => <RequestSchema {...props} />}</MountInTurn>;
}

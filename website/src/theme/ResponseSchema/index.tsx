import React, { type ReactNode } from 'react';
import ResponseSchema from '@theme-original/ResponseSchema';
import type ResponseSchemaType from 'docusaurus-theme-openapi-docs/lib/theme/ResponseSchema';
import type { WrapperProps } from '@docusaurus/types';
import MountInTurn from '@site/src/components/MountInTurn';

type Props = WrapperProps<typeof ResponseSchemaType>;

/** The theme renders this part in the browser only; here it waits its turn with the page's other such parts. */
export default function ResponseSchemaInTurn(props: Props): ReactNode {
  return <MountInTurn fallback={<div className="openapi-skeleton md" />}>{() => <ResponseSchema {...props} />}</MountInTurn>;
}

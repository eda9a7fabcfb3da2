import React, { type ReactNode } from 'react';
import ParamsDetails from '@theme-original/ParamsDetails';
import type ParamsDetailsType from 'docusaurus-theme-openapi-docs/lib/theme/ParamsDetails';
import type { WrapperProps } from '@docusaurus/types';
import MountInTurn from '@site/src/components/MountInTurn';

type Props = WrapperProps<typeof ParamsDetailsType>;

/** The theme renders this part in the browser only; here it waits its turn with the page's other such parts. */
export default function ParamsDetailsInTurn(props: Props): ReactNode {
  return <MountInTurn fallback={<div className="openapi-skeleton sm" />}>{() => <ParamsDetails {...props} />}</MountInTurn>;
}

import React, { type ReactNode } from 'react';
import ResponseHeaders from '@theme-original/ResponseHeaders';
import type ResponseHeadersType from 'docusaurus-theme-openapi-docs/lib/theme/ResponseHeaders';
import type { WrapperProps } from '@docusaurus/types';
import { PropertyList } from '@site/src/components/ApiPropertyList';

type Props = WrapperProps<typeof ResponseHeadersType>;

/** The theme renders the headers as a `<ul>` of properties: each becomes an entry of it. */
export default function ResponseHeadersWrapper(props: Props): ReactNode {
  return (
    <PropertyList>
      <ResponseHeaders {...props} />
    </PropertyList>
  );
}

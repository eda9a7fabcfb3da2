/** docusaurus-theme-openapi-docs ships this theme component without a type declaration. */
declare module '@theme/ApiItem' {
  import type { ReactNode } from 'react';
  import type { Props } from '@theme/DocItem';

  export default function ApiItem(props: Props): ReactNode;
}

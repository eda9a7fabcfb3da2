// The plugin's own theme components, as the site and other theme components import them.
declare module '@theme/DocentCopyPage' {
  import type { ReactNode } from 'react';

  export interface Props {
    readonly markdownUrl: string;
  }
  export default function DocentCopyPage(props: Props): ReactNode;
}

import React, { useLayoutEffect, useRef, type ReactNode } from 'react';
import SecuritySchemes from '@theme-original/ApiExplorer/SecuritySchemes';
import type SecuritySchemesType from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/SecuritySchemes';
import type { WrapperProps } from '@docusaurus/types';

type Props = WrapperProps<typeof SecuritySchemesType>;

/**
 * The request explorer's "Authorization" summary is an `<h4>` that follows the page's `<h2>` sections, so the
 * outline skips a level (Lighthouse and axe report heading-order). The theme builds it deep inside a large
 * component; the wrapper gives that one heading the level it has in the outline (`aria-level="3"`).
 */
export default function SecuritySchemesInOutline(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.querySelectorAll('h4.openapi-security__summary-header').forEach((heading) => heading.setAttribute('aria-level', '3'));
  });
  return (
    <div ref={box}>
      <SecuritySchemes {...props} />
    </div>
  );
}

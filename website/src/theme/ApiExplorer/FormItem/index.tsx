import React, { type ReactNode } from 'react';
import FormItem from '@theme-original/ApiExplorer/FormItem';
import type FormItemType from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/FormItem';
import type { WrapperProps } from '@docusaurus/types';
import { FormItemLabel } from '@site/src/components/FormItemLabel';

type Props = WrapperProps<typeof FormItemType>;

/** Hands the item's label to the control inside, which the theme leaves without an accessible name. */
export default function FormItemWrapper(props: Props): ReactNode {
  return (
    <FormItemLabel.Provider value={props.label}>
      <FormItem {...props} />
    </FormItemLabel.Provider>
  );
}

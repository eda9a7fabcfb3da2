import React, { type ReactNode } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import StyleRowsTable from './StyleRowsTable';
import { styleTable, type StyleReferenceData } from './styleReference';

/**
 * One group of the Styles page's property reference: `<StyleTable group="colors" />`. The properties and their
 * defaults come from the widget stylesheet through the docent-style-reference plugin; the descriptions and groups
 * from styleReference.ts.
 */
export default function StyleTable({ group }: { group: string }): ReactNode {
  const { properties } = usePluginData('docent-style-reference') as StyleReferenceData;
  return <StyleRowsTable {...styleTable(properties, group)} />;
}

import React, { type ReactNode } from 'react';
import CodeText from '../CodeText';
import ScrollableTable from '../ScrollableTable';
import { attributeRows } from './rows';

/**
 * One group of the widget attribute reference, generated from `@docent/widget/attributes`. The page keeps its
 * `###` heading per group (so the table of contents lists them) and places one table under each:
 * `<AttributeTable group="buttons" />`. An unknown group fails the build.
 */
export default function AttributeTable({ group }: { group: string }): ReactNode {
  const rows = attributeRows(group);
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Attribute</th>
          <th>React prop and plugin option</th>
          <th>Type and allowed values</th>
          <th>Default</th>
          <th>Elements</th>
          <th>Meaning</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            {[row.attribute, row.prop, row.allowed, row.defaultValue, row.elements, row.description].map((cell, index) => (
              <td key={index}>
                <CodeText text={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

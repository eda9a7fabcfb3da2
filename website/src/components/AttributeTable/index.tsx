import React, { type ReactNode } from 'react';
import CodeText from '../CodeText';
import ScrollableTable from '../ScrollableTable';
import { attributeRows } from './rows';

/**
 * One group of the widget attribute reference, generated from `@docent/widget/attributes`. The page keeps its
 * `###` heading per group (so the table of contents lists them) and places one table under each:
 * `<AttributeTable group="buttons" />`. An unknown group fails the build.
 *
 * Three columns, each a main value with its details under it (the React prop under the attribute, the default under
 * the allowed values, the elements under the meaning), so the table fits the content column of a desktop page and
 * the meaning has room; on a phone each row becomes a block of its own, the other cells after their `data-label`
 * (src/css/tables.css). Class names, not a CSS module: the reference tests render this component in Node.
 */
export default function AttributeTable({ group }: { group: string }): ReactNode {
  const rows = attributeRows(group);
  return (
    <ScrollableTable className="attribute-table">
      <thead>
        <tr>
          <th>Attribute</th>
          <th>Values</th>
          <th>Meaning</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>
              <CodeText text={row.attribute} />
              <div className="attribute-table__detail">
                React prop and plugin option: <CodeText text={row.prop} />
              </div>
            </td>
            <td data-label="Values">
              <CodeText text={row.allowed} />
              <div className="attribute-table__detail">
                Default: <CodeText text={row.defaultValue} />
              </div>
            </td>
            <td data-label="Meaning">
              <CodeText text={row.description} />
              <div className="attribute-table__detail">Elements: {row.elements}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

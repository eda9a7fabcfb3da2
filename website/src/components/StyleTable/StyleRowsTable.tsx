import React, { type ReactNode } from 'react';
import CodeText from '../CodeText';
import ScrollableTable from '../ScrollableTable';
import type { StyleTableData } from './styleReference';

/** The table itself, from rows: kept apart from the hook so the unit tests render it without Docusaurus. */
export default function StyleRowsTable({ column, rows }: StyleTableData): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Property</th>
          <th>{column}</th>
          <th>Light default</th>
          <th>Dark default</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>
              <code>{row.name}</code>
            </td>
            <td>
              <CodeText text={row.description} />
            </td>
            <td>
              <code>{row.light}</code>
            </td>
            <td>{row.dark === row.light ? 'same as light' : <code>{row.dark}</code>}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

import React, { useContext, type ChangeEventHandler, type ReactNode } from 'react';
import { FormItemLabel } from '@site/src/components/FormItemLabel';

interface Props {
  value?: string;
  options?: string[];
  onChange?: ChangeEventHandler<HTMLSelectElement>;
}

/** The explorer's drop-down (content type, accepted type, server), named after the form item that holds it. */
export default function FormSelect({ value, options, onChange }: Props): ReactNode {
  const label = useContext(FormItemLabel);
  if (!options?.length) return null;
  return (
    <select className="openapi-explorer__select-input" aria-label={label} value={value} onChange={onChange}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

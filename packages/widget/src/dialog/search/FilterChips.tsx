/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { Filter } from '@docent/contract/attributes';
import { STRINGS } from '../../strings.js';

interface FilterChipsProps {
  readonly filters: readonly Filter[];
  readonly active: string | null;
  readonly onChange: (path: string | null) => void;
}

/** `filters` chips: each keeps the results whose URL path starts with its `path`. */
export function FilterChips({ filters, active, onChange }: FilterChipsProps): ReactNode {
  if (filters.length === 0) return null;
  const chips: Array<{ label: string; path: string | null }> = [{ label: STRINGS.allFilter, path: null }, ...filters];
  return (
    <div className="docent-filters" role="group" aria-label={STRINGS.filtersLabel}>
      {chips.map((chip) => (
        <button
          key={chip.path ?? ''}
          type="button"
          className="docent-chip"
          aria-pressed={active === chip.path}
          onClick={() => onChange(chip.path)}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}

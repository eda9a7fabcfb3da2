/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';

/** Polite announcements for screen readers: loading, result counts, new answers. */
export function LiveRegion({ message }: { message: string }): ReactNode {
  return (
    <div className="docent-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

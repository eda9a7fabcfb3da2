/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';

const PATHS = {
  search: 'M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  close: 'M5.28 4.22 10 8.94l4.72-4.72 1.06 1.06L11.06 10l4.72 4.72-1.06 1.06L10 11.06l-4.72 4.72-1.06-1.06L8.94 10 4.22 5.28l1.06-1.06Z',
  send: 'M2.5 3.2 17.8 10 2.5 16.8l1.4-5.9L11 10 3.9 9.1 2.5 3.2Z',
  sparkle: 'M10 2l1.6 4.4L16 8l-4.4 1.6L10 14l-1.6-4.4L4 8l4.4-1.6L10 2Zm5 10 .8 2.2L18 15l-2.2.8L15 18l-.8-2.2L12 15l2.2-.8L15 12Z',
  page: 'M5 2h6.5L16 6.5V17a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm.5 1.5v13h9V7H11V3.5H5.5ZM7 10h6v1.5H7V10Zm0 3h6v1.5H7V13Z',
  hash: 'M8.2 3h1.5l-.6 4h3.5l.6-4h1.5l-.6 4H17v1.5h-3.1l-.5 3H16V13h-2.8l-.6 4h-1.5l.6-4H8.2l-.6 4H6.1l.6-4H4v-1.5h2.9l.5-3H5V7h2.6l.6-4Zm.4 5.5-.5 3h3.5l.5-3H8.6Z',
  clock: 'M10 2.5a7.5 7.5 0 1 1 0 15 7.5 7.5 0 0 1 0-15Zm0 1.5a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm-.75 2h1.5v3.7l2.8 1.6-.75 1.3-3.55-2.05V6Z',
  copy: 'M7 2h9a1 1 0 0 1 1 1v11h-1.5V3.5H7V2ZM4 5h9a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm.5 1.5v10h8v-10h-8Z',
  download: 'M9.25 2.5h1.5v8.4l3.2-3.2 1.05 1.06L10 13.76 4.99 8.76l1.06-1.06 3.2 3.2V2.5ZM3 15h14v1.5H3V15Z',
  trash: 'M7.5 2h5l.5 1.5H17V5H3V3.5h4L7.5 2ZM4.5 6h11l-.8 11.1a1 1 0 0 1-1 .9H6.3a1 1 0 0 1-1-.9L4.5 6Zm1.6 1.5.7 9h6.4l.7-9H6.1Z',
  thumbUp: 'M8.6 2.2 9.7 2c1 0 1.8.8 1.8 1.8V7h4a2 2 0 0 1 2 2.3l-1 6A2 2 0 0 1 14.5 17H6V8.3l2.6-6.1ZM2 8h2.5v9H2V8Z',
  thumbDown: 'M11.4 17.8l-1.1.2c-1 0-1.8-.8-1.8-1.8V13h-4a2 2 0 0 1-2-2.3l1-6A2 2 0 0 1 5.5 3H14v8.7l-2.6 6.1ZM18 12h-2.5V3H18v9Z',
  arrow: 'M11.5 4.5 17 10l-5.5 5.5-1.06-1.06 3.69-3.69H3v-1.5h11.13l-3.69-3.69L11.5 4.5Z',
  enter: 'M15.5 4H17v7a2 2 0 0 1-2 2H6.1l2.7 2.7-1.06 1.06L3.2 12.2l4.54-4.56L8.8 8.7 6.1 11.5H15a.5.5 0 0 0 .5-.5V4Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'docent-icon' }: { name: IconName; className?: string }): ReactNode {
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}

/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import { Icon } from './icons.js';

/** `assistant-avatar` when set, else the built-in icon. Decorative: the name is shown next to it. */
export function Avatar({ src }: { src: string | undefined }): ReactNode {
  if (src) return <img className="docent-avatar" src={src} alt="" width={24} height={24} />;
  return (
    <span className="docent-avatar docent-avatar-default">
      <Icon name="sparkle" />
    </span>
  );
}

/**
 * The page's one keydown listener. Every dialog host registers here; the first one with a shortcut owns it.
 */
import { shortcutAction, type Shortcut } from '../shortcut.js';

export interface ShortcutTarget {
  /** Not `shortcut`: React 19 and Vue set a prop as a property when the element has one of that name. */
  readonly keyShortcut: Shortcut | null;
  readonly isOpen: boolean;
  open(): void;
  close(): void;
}

const targets: ShortcutTarget[] = [];

function onKeyDown(event: KeyboardEvent): void {
  const owner = targets.find((target) => target.keyShortcut !== null);
  if (!owner) return;
  const openTarget = targets.find((target) => target.isOpen);
  const action = shortcutAction(event, owner.keyShortcut, openTarget !== undefined);
  if (action === null) return;
  event.preventDefault();
  if (openTarget) {
    if (action === 'toggle') openTarget.close();
  } else {
    owner.open();
  }
}

export function registerShortcutTarget(target: ShortcutTarget): () => void {
  if (targets.length === 0) document.addEventListener('keydown', onKeyDown);
  targets.push(target);
  return () => {
    const index = targets.indexOf(target);
    if (index !== -1) targets.splice(index, 1);
    if (targets.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

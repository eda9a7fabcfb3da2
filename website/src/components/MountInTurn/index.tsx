import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

type Stage = 'waiting' | 'mounting' | 'mounted';

/** The turns not yet given, oldest first; one turn runs at a time. */
const waiting: Array<() => void> = [];
let turnTaken = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else window.setTimeout(run, 0);
}

function giveNextTurn(): void {
  const turn = waiting.shift();
  turnTaken = turn !== undefined;
  if (turn) whenIdle(turn);
}

function queueTurn(turn: () => void): void {
  waiting.push(turn);
  if (!turnTaken) giveNextTurn();
}

function dropTurn(turn: () => void): void {
  const index = waiting.indexOf(turn);
  if (index >= 0) waiting.splice(index, 1);
}

/**
 * Shows `fallback` on the server and while the page hydrates, then mounts `children` in the browser one instance
 * at a time: each waits until the browser is idle and the previous one has committed. A page with many such parts
 * (an API page's request and response schemas) builds them in several short tasks instead of one long one, so a
 * phone keeps answering input while they appear.
 */
export default function MountInTurn({ children, fallback }: { children: () => ReactNode; fallback: ReactNode }): ReactNode {
  const isBrowser = useIsBrowser();
  const [mounted, setMounted] = useState(false);
  const stage = useRef<Stage>('waiting');

  useEffect(() => {
    if (!isBrowser || mounted) return undefined;
    let active = true;
    const turn = (): void => {
      if (!active) return giveNextTurn();
      stage.current = 'mounting';
      startTransition(() => setMounted(true));
    };
    queueTurn(turn);
    return () => {
      active = false;
      dropTurn(turn);
    };
  }, [isBrowser, mounted]);

  // Unmounted after its turn began but before it committed: the turn passes on.
  useEffect(
    () => () => {
      if (stage.current === 'mounting') giveNextTurn();
    },
    [],
  );

  useEffect(() => {
    if (!mounted || stage.current === 'mounted') return;
    stage.current = 'mounted';
    giveNextTurn();
  }, [mounted]);

  return mounted ? children() : fallback;
}

import React, { startTransition, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

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
  /** True from the moment this instance's turn began until its mount committed. */
  const holdsTurn = useRef(false);

  useEffect(() => {
    if (!isBrowser || mounted) return undefined;
    let active = true;
    const turn = (): void => {
      if (!active) return giveNextTurn();
      holdsTurn.current = true;
      startTransition(() => setMounted(true));
    };
    queueTurn(turn);
    return () => {
      active = false;
      dropTurn(turn);
    };
  }, [isBrowser, mounted]);

  useEffect(() => {
    if (!mounted) return;
    holdsTurn.current = false;
    giveNextTurn();
  }, [mounted]);

  // Unmounted after its turn began but before it committed: the turn passes on.
  useEffect(
    () => () => {
      if (holdsTurn.current) giveNextTurn();
    },
    [],
  );

  return mounted ? children() : fallback;
}

/**
 * A theme part that mounts in its turn, with `Placeholder` rendered from the same props in its place until then (on
 * the server, without JavaScript and while the page hydrates): the body of the src/theme wrappers.
 */
export function inTurn<P extends object>(Component: ComponentType<P>, Placeholder: ComponentType<P>): (props: P) => ReactNode {
  return function InTurn(props: P): ReactNode {
    return (
      <MountInTurn
        fallback={
          <div data-mount="pending">
            <Placeholder {...props} />
          </div>
        }
      >
        {() => <Component {...props} />}
      </MountInTurn>
    );
  };
}

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
 * phone keeps answering input while they appear. `prepare` runs when the turn comes (loading the part's code), and
 * the part mounts once it has settled; if it fails, the fallback stays and the turn passes on.
 */
export default function MountInTurn({
  children,
  fallback,
  prepare,
}: {
  children: () => ReactNode;
  fallback: ReactNode;
  prepare: () => Promise<void>;
}): ReactNode {
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
      prepare().then(
        () => {
          if (active) startTransition(() => setMounted(true));
        },
        (error: unknown) => {
          console.error('A part of this page could not load its code; its text stays in place.', error);
          // Unmounted meanwhile, it has passed the turn on already.
          if (!active) return;
          holdsTurn.current = false;
          giveNextTurn();
        },
      );
    };
    queueTurn(turn);
    return () => {
      active = false;
      dropTurn(turn);
    };
  }, [isBrowser, mounted, prepare]);

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
 * the server, without JavaScript and while the page hydrates): the body of the src/theme wrappers. The part's own
 * code (`load`, the theme's component) is fetched and run when its first turn comes, not while the page starts: on
 * an API page, the schema components and what they import are most of the page's script.
 */
export function inTurn<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  Placeholder: ComponentType<P>,
): (props: P) => ReactNode {
  let Component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const prepare = (): Promise<void> =>
    (loading ??= load().then((module) => {
      Component = module.default;
    }));
  return function InTurn(props: P): ReactNode {
    const fallback = (
      <div data-mount="pending">
        <Placeholder {...props} />
      </div>
    );
    return (
      <MountInTurn fallback={fallback} prepare={prepare}>
        {() => (Component === undefined ? fallback : <Component {...props} />)}
      </MountInTurn>
    );
  };
}

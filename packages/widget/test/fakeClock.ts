/** A clock for the event code's tests: time moves only when the test says, and due timers run in order. */
import type { TimerHandle, Timers } from '../src/data/timers.js';

export interface FakeClock extends Timers {
  /** Moves time on by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void;
  /** Timers still waiting. */
  readonly pending: number;
}

export function fakeClock(start = Date.UTC(2025, 5, 2, 10, 20, 0)): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  // Handles are numbers here; the interface types them as the platform's, which tests never look inside.
  const handle = (id: number): TimerHandle => id as unknown as TimerHandle;
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return handle(id);
    },
    clearTimeout(timer) {
      timers.delete(timer as unknown as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    get pending() {
      return timers.size;
    },
  };
}

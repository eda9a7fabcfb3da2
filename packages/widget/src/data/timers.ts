/** The clock the event code reads: the browser's by default, a fake one in tests, so a second passes at once. */
export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
  now: () => Date.now(),
};

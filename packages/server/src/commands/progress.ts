/** Sync progress for `docent sync --wait`: a bar on a terminal (cli-progress), plain lines otherwise. */
import { SingleBar } from 'cli-progress';
import type { Io } from './usage.js';

export interface ProgressReporter {
  update(progress: { fetched: number; total: number; failed: number }): void;
  /** A log line, printed above the bar. */
  line(text: string): void;
  stop(): void;
}

/** Plain lines are printed at most this often (every this many pages, and at the end of each source). */
const LINE_EVERY = 25;

export function progressReporter(io: Io): ProgressReporter {
  if (io.isTerminal) {
    const bar = new SingleBar({ format: 'sync {bar} {value}/{total} pages, {failed} failed', stream: process.stderr, hideCursor: true, clearOnComplete: true });
    let started = false;
    return {
      update({ fetched, total, failed }) {
        if (!started) bar.start(total, fetched, { failed });
        started = true;
        bar.setTotal(total);
        bar.update(fetched, { failed });
      },
      line(text) {
        if (started) bar.stop();
        started = false;
        io.err(`${text}\n`);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastPrinted = -1;
  return {
    update({ fetched, total, failed }) {
      if (fetched === total || fetched - lastPrinted >= LINE_EVERY) {
        lastPrinted = fetched;
        io.err(`fetched ${fetched} of ${total} pages, ${failed} failed\n`);
      }
    },
    line: (text) => io.err(`${text}\n`),
    stop: () => undefined,
  };
}

/** Durations as Docent's settings write them: a whole number of 1 or more and a unit, `30s`, `10m`, `24h`, `1d`. */

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `"30s"`, `"10m"`, `"1h"`, `"1d"` in milliseconds; null for anything else, `"0h"` included. */
export function parseDuration(value: unknown): number | null {
  const match = typeof value === 'string' ? DURATION.exec(value) : null;
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** 86400000 → `1d`, 90000 → `90s`: the largest unit that divides it. */
export function durationText(ms: number): string {
  for (const [unit, size] of [['d', UNIT_MS.d], ['h', UNIT_MS.h], ['m', UNIT_MS.m]] as const) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.round(ms / 1000)}s`;
}

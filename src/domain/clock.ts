/** The clock is injected so timestamps, relative times and day counts are testable. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stays where it is put (tests). */
export function fixedClock(start: number): Clock & { set(ms: number): void; advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/**
 * Milliseconds on a clock that never goes back (for durations and deadlines): performance.now() without
 * loading node's perf_hooks, which the global `performance` does on first use.
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1_000_000;

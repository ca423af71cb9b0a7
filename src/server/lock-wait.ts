import { monotonicMs } from '../domain/clock.js';
import { isStoreError } from './store/port.js';

// node:timers/promises loaded when a request first waits for a lock, not with the server.
const sleep = (ms: number): Promise<void> =>
  (process.getBuiltinModule('node:timers/promises') as typeof import('node:timers/promises')).setTimeout(ms);

/** How long a request waits in all for another writer's locks (decisions.md). */
export const LOCK_WAIT_MS = 10_000;
const BACKOFF_MS = [5, 10, 20, 40, 50];

/**
 * Runs `fn` (a request's work, whose transaction rolled back when the store was busy), again and again while
 * the store answers `busy`, up to the store's wait (10 s) in all; then the last failure is thrown. The store waits for
 * a lock at a transaction's start itself; this covers a lock met later in one (a read meeting a recovery).
 */
export async function waitForLock<T>(fn: () => T | Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const deadline = monotonicMs() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const left = deadline - monotonicMs();
      if (!isStoreError(err) || err.kind !== 'busy' || left <= 0) throw err;
      await sleep(Math.min(left, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!));
    }
  }
}

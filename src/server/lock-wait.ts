import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicMs } from '../domain/clock.js';
import type { Store } from './store/db.js';

// SQLite waits for a lock by sleeping in the calling thread: a server waiting up to 10 s that way would
// answer no one else meanwhile, reads included. Requests wait briefly in SQLite, then asynchronously, so the
// event loop keeps serving while a write waits for another process's lock.
const SQLITE_WAIT_MS = 20;
const BACKOFF_MS = [5, 10, 20, 40, 50];

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Lets the store's connection wait for a lock only briefly: requests wait in `waitForLock` instead. */
export function shortenLockWait(store: Store): void {
  store.db.pragma(`busy_timeout = ${Math.min(SQLITE_WAIT_MS, store.busyTimeoutMs)}`);
}

/**
 * Runs `fn` (a request's work, whose transaction rolled back when the lock was busy), again and again while
 * the database is busy, up to the store's busy timeout in all; then the last failure is thrown.
 */
export async function waitForLock<T>(store: Store, fn: () => T | Promise<T>): Promise<T> {
  const deadline = monotonicMs() + store.busyTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const left = deadline - monotonicMs();
      if (!isBusy(err) || left <= 0) throw err;
      await sleep(Math.min(left, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!));
    }
  }
}

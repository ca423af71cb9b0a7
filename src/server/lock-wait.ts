import { monotonicMs } from '../domain/clock.js';
import { isStoreError, lockBackoff } from './store/port.js';

/**
 * Runs `fn` (a request's work, whose transaction rolled back when the store was busy), again and again while
 * the store answers `busy`, up to the store's wait (`waitMs`, its lockWaitMs) in all; then the last failure is thrown. The store waits for
 * a lock at a transaction's start itself; this covers a lock met later in one (a read meeting a recovery).
 */
export async function waitForLock<T>(fn: () => T | Promise<T>, waitMs: number): Promise<T> {
  const deadline = monotonicMs() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const left = deadline - monotonicMs();
      if (!isStoreError(err) || err.kind !== 'busy' || left <= 0) throw err;
      await lockBackoff(attempt, left);
    }
  }
}

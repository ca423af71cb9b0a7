// A SQLite store for tests that look under the port: the port (what the server uses) and the engine under it
// (the same connection: its handle and its synchronous repositories), to read or break what the port wrote.
import type { Clock } from '../../src/domain/clock.js';
import { openSqliteEngine, type SqliteEngine } from '../../src/server/store/db.js';
import type { Store } from '../../src/server/store/port.js';
import { sqliteStore } from '../../src/server/store/sqlite-store.js';

export type { SqliteEngine };

export function openSqliteForTest(
  path: string,
  opts: { clock?: Clock; create?: boolean; lockWaitMs?: number } = {},
): { store: Store; engine: SqliteEngine } {
  const engine = openSqliteEngine(path, {
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.create !== undefined ? { create: opts.create } : {}),
    ...(opts.lockWaitMs !== undefined ? { busyTimeoutMs: opts.lockWaitMs } : {}),
  });
  return { store: sqliteStore(engine), engine };
}

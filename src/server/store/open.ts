// One way in to the store, whatever the engine: a `postgres://` or `postgresql://` URL is PostgreSQL (its
// driver loads only then), anything else is a SQLite file's path.
import type { Clock } from '../../domain/clock.js';
import { openSqliteEngine } from './db.js';
import type { Store } from './port.js';
import { sqliteStore } from './sqlite-store.js';

export interface OpenStoreOptions {
  clock?: Clock;
  /** Make the database or its tables when they are not there, and bring them up to date (the default). */
  create?: boolean;
  /** How long a write waits in all for another writer's locks: 10 s. */
  lockWaitMs?: number;
  /** This ccp's version, named when a database of a newer one is refused. */
  appVersion?: string;
  /** A CA certificate file (PEM) a PostgreSQL server's certificate must chain to (`--ca-file`). */
  caFile?: string | undefined;
  /** For a process that serves: SQLite's WAL folded back when writes pause, not inside a request. */
  serving?: boolean;
}

/** How long a serving process's SQLite connection waits after its last write before a checkpoint. */
const IDLE_CHECKPOINT_MS = 200;

/** Opens the store at `location`: a SQLite file's path, or a PostgreSQL URL. */
export async function openStore(location: string, opts: OpenStoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) {
    const { openPostgresStore } = await import('./postgres/store.js');
    return openPostgresStore(location, {
      create: opts.create ?? true,
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.lockWaitMs !== undefined ? { lockWaitMs: opts.lockWaitMs } : {}),
      ...(opts.appVersion ? { appVersion: opts.appVersion } : {}),
      ...(opts.caFile ? { caFile: opts.caFile } : {}),
    });
  }
  const engine = openSqliteEngine(location, {
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.create !== undefined ? { create: opts.create } : {}),
    ...(opts.lockWaitMs !== undefined ? { busyTimeoutMs: opts.lockWaitMs } : {}),
  });
  return sqliteStore(engine, opts.serving ? { idleCheckpointMs: IDLE_CHECKPOINT_MS } : {});
}

/** True for a location that names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

import { dirname } from 'node:path';
import { type Clock, systemClock } from '../../domain/clock.js';
import { makeDirs, privateFile, tighten } from '../../domain/dirs.js';
import { type CodeRepo, codeRepo } from './codes.js';
import { type EdgeDeviceRepo, edgeDeviceRepo } from './edge-devices.js';
import { type LicenseRepo, licenseRepo } from './licenses.js';
import { migrate } from './migrations.js';
import { type NotificationRepo, notificationRepo } from './notifications.js';
import { type OrganizationRepo, organizationRepo } from './organizations.js';
import { openSqlite, prepared, type SqliteDatabase } from './sqlite.js';
import { type TokenRepo, tokenRepo } from './tokens.js';

export interface Store {
  readonly path: string;
  readonly db: SqliteDatabase;
  readonly clock: Clock;
  /** How long a write waits in all for another connection's lock. */
  readonly busyTimeoutMs: number;
  readonly organizations: OrganizationRepo;
  readonly edgeDevices: EdgeDeviceRepo;
  readonly codes: CodeRepo;
  readonly licenses: LicenseRepo;
  readonly notifications: NotificationRepo;
  readonly tokens: TokenRepo;
  /**
   * Runs `fn` in one write transaction that takes the database's write lock when it begins (BEGIN IMMEDIATE),
   * waiting up to BUSY_TIMEOUT_MS for another process's write; nested calls join the outer one as a savepoint.
   */
  tx<T>(fn: () => T): T;
  /** Runs `fn` in one read transaction: a consistent snapshot that never waits for a writer (WAL). */
  read<T>(fn: () => T): T;
  /**
   * Changes whenever the file's data may have changed, by this connection (any row written, even if rolled
   * back) or by another one, in this process or another (SQLite's data_version): what is derived from the
   * data may be kept while it stays the same.
   */
  version(): string;
  close(): void;
}

/**
 * How long a write waits for the lock another connection (this process or another) holds. A deferred
 * transaction that reads, then writes, could not wait: SQLite answers SQLITE_BUSY at once when the snapshot it
 * read is stale. Taking the lock at BEGIN lets the busy handler wait for it instead.
 */
export const BUSY_TIMEOUT_MS = 10_000;

/** Opens (creating if needed) the database file, sets the pragmas and brings the schema up to date. */
export function openStore(path: string, opts: { clock?: Clock; busyTimeoutMs?: number } = {}): Store {
  const onDisk = path !== ':memory:' && path !== '';
  if (onDisk) {
    // `--db ./data/ccp.db` or the default data directory on a new machine: make the folder, as a user expects.
    makeDirs(dirname(path));
    // The records (and their secrets) are the user's alone; SQLite gives the -wal and -shm files the mode of
    // the database file when it creates them.
    privateFile(path);
    for (const extra of ['-wal', '-shm']) tighten(path + extra, 0o600);
  }
  // The timeout comes first: switching to WAL and migrating take locks other processes may hold.
  const busyTimeoutMs = opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  const db = openSqlite(path, { timeout: busyTimeoutMs });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: the OS caches the file anyway, and
    // a command that reads a long listing once would otherwise grow by every page it read, up to 16 MB.
    db.pragma('cache_size = -2000');
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const clock = opts.clock ?? systemClock;
  // One transaction function for every call: building one per request (db.transaction) costs more than the
  // BEGIN and COMMIT it runs.
  // Made on first use, as the statements are (prepared): better-sqlite3 prepares its BEGIN and COMMIT for
  // every kind of transaction when one is made.
  const inTransaction = prepared(() => db.transaction((fn: () => unknown) => fn()));
  const versionOf = prepared(() =>
    db.prepare<[], [number, number]>('SELECT data_version, total_changes() FROM pragma_data_version').raw(),
  );
  return {
    path,
    db,
    clock,
    busyTimeoutMs,
    organizations: organizationRepo(db),
    edgeDevices: edgeDeviceRepo(db),
    codes: codeRepo(db),
    licenses: licenseRepo(db),
    notifications: notificationRepo(db),
    tokens: tokenRepo(db),
    tx: <T>(fn: () => T) => inTransaction().immediate(fn) as T,
    read: <T>(fn: () => T) => inTransaction().deferred(fn) as T,
    version: () => {
      const [data, changes] = versionOf().get()!;
      return `${data}:${changes}`;
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}

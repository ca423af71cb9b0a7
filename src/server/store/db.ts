import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Clock, systemClock } from '../../domain/clock.js';
import { makeDirs, tighten } from '../../domain/dirs.js';
import { type CodeRepo, codeRepo } from './codes.js';
import { type EdgeDeviceRepo, edgeDeviceRepo } from './edge-devices.js';
import { type LicenseRepo, licenseRepo } from './licenses.js';
import { migrate } from './migrations.js';
import { type NotificationRepo, notificationRepo } from './notifications.js';
import { type OrganizationRepo, organizationRepo } from './organizations.js';
import { LOCK_WAIT_MS, type PlacedDevice, StoreError } from './port.js';
import { openSqlite, prepared, type SqliteDatabase } from './sqlite.js';
import { type StoredKind, type StoredValues, storedValues } from './stored-values.js';
import { type TokenRepo, tokenRepo } from './tokens.js';

/** The kinds of record a database holds, by table (tokens: the live ones, as on PostgreSQL). */
const RECORD_TABLES = {
  organizations: 'organizations',
  edgeDevices: 'edge_devices',
  edgeFlows: 'edge_flows',
  codeTypes: 'code_types',
  codes: 'codes',
  licenses: 'licenses',
  notifications: 'notifications',
  tokens: 'tokens WHERE revoked_on IS NULL',
} as const;

/** What `ccp status` tells of a database: how many records of each kind, and SQLite's integrity check. */
export interface DatabaseFacts {
  counts: Record<keyof typeof RECORD_TABLES, number>;
  integrity: string;
}

/**
 * The SQLite engine the port's adapter (sqlite-store.ts) runs on: the connection and its synchronous
 * repositories. Nothing outside the store sees it but the store's own tests and shell completion (which reads
 * the file read-only, within a deadline).
 */
export interface SqliteEngine {
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
   * Runs `fn`, one read transaction, with the devices' listing caches checked once (edge-devices.ts
   * `checked`); as it is when no device was read yet.
   */
  checked<T>(fn: () => T): T;
  /**
   * Changes whenever the file's data may have changed, by this connection (any row written, even if rolled
   * back) or by another one, in this process or another (SQLite's data_version): what is derived from the
   * data may be kept while it stays the same.
   */
  version(): string;
  /** Counts each kind of record and runs SQLite's integrity check (unless told not to), on this connection. */
  facts(opts?: { integrity?: boolean }): DatabaseFacts;
  /** What SQLite's integrity check found; empty when the file is whole. */
  integrity(): string[];
  sqliteVersion(): string;
  /** The schema's version: the number of migrations applied. */
  schemaVersion(): number;
  /** The bulk path of `server import` (port.ts, importBatch), inside the caller's transaction. */
  importDevices(list: readonly PlacedDevice[], now: number): void;
  /** Keys of a kind starting with `prefix` (shell completion), at most `limit`, read until `deadline`. */
  keysStartingWith(kind: StoredKind, prefix: string, limit: number, deadline: number): StoredValues;
  close(): void;
}

/**
 * How long a write waits for the lock another connection (this process or another) holds: the port's wait. A
 * deferred transaction that reads, then writes, could not wait: SQLite answers SQLITE_BUSY at once when the
 * snapshot it read is stale. Taking the lock at BEGIN lets the busy handler wait for it instead.
 */
export const BUSY_TIMEOUT_MS = LOCK_WAIT_MS;
// What a synchronous pause waits on (Atomics.wait): nothing ever wakes it.
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * A path that holds no database of ccp's: nothing there (`missing`), an empty file or an empty SQLite database
 * (`empty`), or a file that is not one (`foreign`: not SQLite, or another program's). Nothing was done to it.
 */
export class NotCcpDatabaseError extends Error {
  override readonly name = 'NotCcpDatabaseError';
  constructor(
    readonly path: string,
    readonly kind: 'missing' | 'empty' | 'foreign',
    why: string,
  ) {
    super(`${path} ${why}`);
  }
}

// Tables every ccp database has had since its first schema.
const OWN_TABLES = ['organizations', 'edge_devices', 'tokens'];

/**
 * Throws NotCcpDatabaseError unless the file SQLite has open is ccp's (SQLite's header, then ccp's tables), or
 * is empty and `create` allows making it one. Reads only, through SQLite: the file is not changed, its mode
 * included.
 */
function recognise(db: SqliteDatabase, path: string, create: boolean): void {
  const empty = () => {
    if (!create) throw new NotCcpDatabaseError(path, 'empty', 'holds no ccp database (it is empty)');
  };
  if (statSync(path).size === 0) {
    empty();
    return;
  }
  let tables: string[];
  try {
    tables = db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_NOTADB')
      throw new NotCcpDatabaseError(path, 'foreign', 'is not a ccp database (not an SQLite file)');
    throw err;
  }
  if (tables.length === 0) {
    empty();
    return;
  }
  if (!OWN_TABLES.every((t) => tables.includes(t)))
    throw new NotCcpDatabaseError(
      path,
      'foreign',
      "is not a ccp database (an SQLite file of another program's)",
    );
}

/**
 * Opens the database file, sets the pragmas and brings the schema up to date. A file that is there is first
 * recognised as ccp's (NotCcpDatabaseError otherwise, the file untouched); where none is, one is made only
 * when `create` (the default) allows. The file is never opened but through SQLite: on Linux, closing any
 * descriptor of a file drops every lock this process holds on it (SQLite's "How To Corrupt" §2.2).
 */
export function openSqliteEngine(
  path: string,
  opts: {
    clock?: Clock;
    busyTimeoutMs?: number;
    create?: boolean;
    /** Reads only (shell completion): the file must be ccp's already; nothing is made, migrated or written. */
    readOnly?: boolean;
  } = {},
): SqliteEngine {
  const onDisk = path !== ':memory:' && path !== '';
  const readOnly = opts.readOnly === true;
  const create = !readOnly && (opts.create ?? true);
  // `--db ./data/ccp.db` or the default data directory on a new machine: make the folder, as a user expects.
  if (onDisk && create) makeDirs(dirname(path));
  // The timeout comes first: switching to WAL and migrating take locks other processes may hold.
  const busyTimeoutMs = opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  // By its path alone (better-sqlite3 refuses a missing folder before SQLite can say anything).
  if (onDisk && !create && !existsSync(path))
    throw new NotCcpDatabaseError(path, 'missing', 'does not exist');
  let db: SqliteDatabase;
  try {
    db = openSqlite(path, { timeout: busyTimeoutMs, fileMustExist: onDisk && !create, readonly: readOnly });
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CANTOPEN' && !create)
      throw new NotCcpDatabaseError(path, 'missing', 'does not exist');
    throw err;
  }
  const setUp = () => {
    if (onDisk) recognise(db, path, create);
    if (onDisk && !readOnly) {
      // The records (and their secrets) are the user's alone: changed by path, before the first write, so
      // that the -wal and -shm SQLite makes take the database file's mode.
      for (const f of [path, `${path}-wal`, `${path}-shm`]) tighten(f, 0o600);
    }
    if (!readOnly) {
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
    }
    // SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: the OS caches the file anyway, and
    // a command that reads a long listing once would otherwise grow by every page it read, up to 16 MB.
    db.pragma('cache_size = -2000');
    if (!readOnly) migrate(db);
  };
  // Several processes making one new database at once: where taking a lock could deadlock (a reader turning
  // writer, the switch to WAL), SQLite answers SQLITE_BUSY at once instead of waiting. Each step of the set-up
  // may run again (the migrations read their version under the write lock), so it is tried again, in the
  // same wait a write gets.
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      setUp();
      break;
    } catch (err) {
      if (String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY') && Date.now() < deadline) {
        Atomics.wait(PAUSE, 0, 0, 20 + Math.random() * 30);
        continue;
      }
      db.close();
      throw err;
    }
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
  // Each repository is made when first used, as its statements are: a command reads one or two kinds.
  let devices: EdgeDeviceRepo | undefined;
  const edgeDevices = () => (devices ??= edgeDeviceRepo(db));
  const organizations = prepared(() => organizationRepo(db));
  const codes = prepared(() => codeRepo(db));
  const licenses = prepared(() => licenseRepo(db));
  const notifications = prepared(() => notificationRepo(db));
  const tokens = prepared(() => tokenRepo(db));
  const integrity = () =>
    (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
  return {
    path,
    db,
    clock,
    busyTimeoutMs,
    get organizations() {
      return organizations();
    },
    get edgeDevices() {
      return edgeDevices();
    },
    get codes() {
      return codes();
    },
    get licenses() {
      return licenses();
    },
    get notifications() {
      return notifications();
    },
    get tokens() {
      return tokens();
    },
    checked: (fn) => (devices ? devices.checked(fn) : fn()),
    tx: <T>(fn: () => T) => inTransaction().immediate(fn) as T,
    read: <T>(fn: () => T) => inTransaction().deferred(fn) as T,
    version: () => {
      const [data, changes] = versionOf().get()!;
      return `${data}:${changes}`;
    },
    facts: (o = {}) => {
      const counts = Object.fromEntries(
        Object.entries(RECORD_TABLES).map(([kind, table]) => [
          kind,
          db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get()!,
        ]),
      ) as DatabaseFacts['counts'];
      return { counts, integrity: o.integrity === false ? '' : integrity().join('; ') };
    },
    integrity: () => integrity().filter((line) => line !== 'ok'),
    sqliteVersion: () => db.prepare<[], string>('SELECT sqlite_version()').pluck().get()!,
    schemaVersion: () => db.pragma('user_version', { simple: true }) as number,
    importDevices: (list, now) => importDevices(edgeDevices(), list, now),
    keysStartingWith: (kind, prefix, limit, deadline) => storedValues(db, kind, prefix, limit, deadline),
    close: () => {
      if (db.open) db.close();
    },
  };
}

/**
 * New devices stored as given, existing ones (by uuid) replaced, counts moved once; a serial number taken in
 * its organization fails the whole call, naming the index of the first device that clashes.
 */
function importDevices(devices: EdgeDeviceRepo, list: readonly PlacedDevice[], now: number): void {
  const batch = devices.batch(now);
  list.forEach((d, i) => {
    const clash = d.serialNumber ? devices.bySerial(d.orgUUID, d.serialNumber) : undefined;
    const taken = clash !== undefined && clash.uuid !== d.uuid;
    const placed = { uuid: d.uuid, orgUUID: d.orgUUID, userUUID: d.userUUID };
    if (taken || !batch.save(d, placed, devices.get(d.uuid) !== undefined)) {
      throw new StoreError(
        'constraint',
        `device ${i}: serial number ${d.serialNumber} is taken in organization ${d.orgUUID}`,
        'SQLITE_CONSTRAINT_UNIQUE',
        i,
      );
    }
  });
  batch.end();
}

// The SQLite adapter of the store port (port.ts): today's repositories over better-sqlite3, moved behind the
// port. The driver stays synchronous inside; the port's calls resolve at once. One connection serves every
// request, so its transactions take turns (a request's awaits let another one's code run, and that code must
// not land inside the open transaction), and none may span an await of anything but the store: a transaction
// that is still open when the event loop turns (a timer, a socket) is rolled back and refused, so that the
// file's write lock is never held while the server waits on the world. A bulk (import, clone) is the one
// transaction allowed to span awaits of its input.
import { monotonicMs } from '../../domain/clock.js';
import type { EdgeDevice } from '../../domain/edge-device.js';
import { BUSY_TIMEOUT_MS, type SqliteEngine } from './db.js';
import { lookupQueries } from './lookup-queries.js';
import type {
  BatchOutcome,
  BulkSteps,
  CodeRepository,
  DeviceBatch,
  DeviceHead,
  EdgeDeviceRepository,
  LicenseRepository,
  LookupRepository,
  NotificationRepository,
  OrganizationRepository,
  Placement,
  RecordCounts,
  Repositories,
  Session,
  Store,
  StoreFailureKind,
  TokenRepository,
} from './port.js';
import { lockBackoff, StoreError } from './port.js';
import { prepared } from './sqlite.js';

// What a person may read of SQLite's failures, by primary code (SQLITE_BUSY_SNAPSHOT is SQLITE_BUSY's).
const FAILURES: Record<string, [StoreFailureKind, string]> = {
  SQLITE_BUSY: ['busy', 'database busy: another process held the write lock for longer than the 10 s wait'],
  SQLITE_LOCKED: ['busy', 'database busy: the table is locked'],
  SQLITE_FULL: ['full', 'the disk holding the database is full'],
  SQLITE_READONLY: ['read-only', 'the database is read-only'],
  SQLITE_IOERR: ['unavailable', 'the database could not be read or written (I/O error)'],
  SQLITE_CORRUPT: ['corrupt', 'the database file is damaged'],
  SQLITE_NOTADB: ['corrupt', 'the database file is not a database'],
  SQLITE_CANTOPEN: ['unavailable', 'the database file cannot be opened'],
  SQLITE_CONSTRAINT: ['constraint', 'a record breaks a rule of the database'],
  SQLITE_NOMEM: ['other', 'the server ran out of memory'],
};

/** better-sqlite3's SqliteError as the port's StoreError; anything else as it is. */
export function sqliteFailure(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (!(err instanceof Error) || typeof code !== 'string' || !code.startsWith('SQLITE_')) return err;
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
  const [kind, what] = FAILURES[primary] ?? ['other', 'the database could not complete the operation'];
  return new StoreError(kind, what, code);
}

const fail = (err: unknown): never => {
  throw sqliteFailure(err);
};

/** How long a write waits in SQLite's own busy handler (which sleeps the thread) before waiting async. */
const IN_THREAD_WAIT_MS = 20;

export interface SqliteStoreOptions {
  /** How long a write waits in all for another connection's lock: 10 s. */
  lockWaitMs?: number;
  /**
   * A serving process's: the WAL is folded back into the database when no write came for this long, rather
   * than by the write that fills it (SQLite's default, a checkpoint and its fsyncs inside a request).
   */
  idleCheckpointMs?: number;
}

/** The WAL's size at which a write folds it back anyway: 1,000 pages by SQLite's default, 40 MB when idle ones do. */
const AUTOCHECKPOINT = 1000;
const AUTOCHECKPOINT_IF_IDLE = 10_000;

/** The port over an open SQLite engine (db.ts); closing the store closes the engine. */
export function sqliteStore(engine: SqliteEngine, opts: SqliteStoreOptions = {}): Store {
  const { db } = engine;
  const lockWaitMs = opts.lockWaitMs ?? engine.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  // A write waits for another process's lock briefly in the thread, then asynchronously (begin() below), so
  // the event loop keeps serving while it waits.
  if (!db.readonly) db.pragma(`busy_timeout = ${Math.min(IN_THREAD_WAIT_MS, lockWaitMs)}`);
  const idleMs = db.readonly ? undefined : opts.idleCheckpointMs;
  const autocheckpoint = idleMs === undefined ? AUTOCHECKPOINT : AUTOCHECKPOINT_IF_IDLE;
  if (idleMs !== undefined) db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  const q = prepared(() => lookupQueries(db));

  // ---- One transaction at a time on the connection. ----
  let turn: Promise<void> | undefined;
  /** Waits for the connection's turn; the function returned gives it up. */
  async function acquire(): Promise<() => void> {
    while (turn) await turn;
    let done!: () => void;
    turn = new Promise<void>((r) => {
      done = r;
    });
    return () => {
      turn = undefined;
      done();
    };
  }
  async function exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const release = await acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
  /** A call outside any transaction: its own statement, in turn with the transactions. */
  const alone =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): Promise<R> =>
      exclusive(() => {
        try {
          return f(...a);
        } catch (err) {
          return fail(err);
        }
      });
  /** A call inside the session's transaction: at once. */
  const inside =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    async (...a: A): Promise<R> => {
      try {
        return f(...a);
      } catch (err) {
        return fail(err);
      }
    };

  type Wrap = <A extends unknown[], R>(f: (...a: A) => R) => (...a: A) => Promise<R>;

  /**
   * Defines the repositories on `target`, each made when first read (a command reads one or two kinds of
   * record), its calls wrapped by `w`; `importBatch` is the devices' bulk path there.
   */
  function repositories<T extends object>(
    target: T,
    w: Wrap,
    importBatch: EdgeDeviceRepository['importBatch'],
  ): T & Repositories {
    const made = <K extends keyof Repositories>(key: K, make: () => Repositories[K]) => {
      const get = prepared(make);
      Object.defineProperty(target, key, { get, enumerable: true });
    };
    made('organizations', () => organizations(w));
    made('edgeDevices', () => edgeDevices(w, importBatch));
    made('codes', () => codes(w));
    made('licenses', () => licenses(w));
    made('notifications', () => notifications(w));
    made('tokens', () => tokens(w));
    made('lookups', () => lookups(w));
    return target as T & Repositories;
  }

  function organizations(w: Wrap): OrganizationRepository {
    const o = engine.organizations;
    return {
      get: w((uuid: string) => {
        const r = o.get(uuid);
        return r
          ? { uuid: r.uuid, orgName: r.org_name ?? null, parentUuid: r.parent_uuid ?? null }
          : undefined;
      }),
      exists: w(o.exists),
      load: w(o.load),
      put: w(o.put),
      update: w(o.update),
      listChildren: w(o.listChildren),
      countChildren: w(o.countChildren),
      inScope: w(o.inScope),
      scope: w(o.scope),
      ancestors: w(o.ancestors),
      roots: w(o.roots),
      upsertOption: w(o.upsertOption),
      option: w(o.option),
    };
  }

  function edgeDevices(w: Wrap, importBatch: EdgeDeviceRepository['importBatch']): EdgeDeviceRepository {
    const e = engine.edgeDevices;
    const head = (r: { uuid: string; org_uuid: string; serial_number: string | null } | undefined) =>
      r ? ({ uuid: r.uuid, orgUuid: r.org_uuid, serialNumber: r.serial_number } as DeviceHead) : undefined;
    return {
      get: w((uuid: string) => head(e.get(uuid))),
      bySerial: w((org: string, serial: string) => head(e.bySerial(org, serial))),
      load: w(e.load),
      insert: w((d, now) => e.insert(d, now) !== undefined),
      update: w(e.update),
      upsertFlow: w((uuid, f, now) =>
        e.upsertFlow(uuid, { ...f, flowId: f.flowId ?? f.uuid ?? crypto.randomUUID() }, now),
      ),
      replaceReferences: w((uuid, refs, now) => e.replaceReferences(uuid, [...refs], now)),
      touch: w((uuid: string, now: number) => {
        e.touch(uuid, now);
      }),
      page: w(e.page),
      pageKeys: w(e.pageKeys),
      pageAfter: w(e.pageAfter),
      countInScope: w(e.countInScope),
      countInOrg: w(e.countInOrg),
      batch: (now) => deviceBatch(w, now),
      importBatch,
      copy: w(e.copy),
      listed: { begin: w(e.listed.begin), note: w(e.listed.note), dropOthers: w(e.listed.dropOthers) },
    };
  }

  function codes(w: Wrap): CodeRepository {
    const c = engine.codes;
    return {
      typeExists: w(c.typeExists),
      putType: w(c.putType),
      putCode: w(c.putCode),
      listTypes: w(c.listTypes),
      countTypes: w(c.countTypes),
      types: w(c.types),
      code: w(c.code),
    };
  }

  function licenses(w: Wrap): LicenseRepository {
    const l = engine.licenses;
    return {
      head: w((uuid: string) => {
        const r = l.row(uuid);
        return r ? { uuid: r.uuid, orgUuid: r.org_uuid ?? null } : undefined;
      }),
      record: w(l.record),
      find: w(l.find),
      inScope: w(l.inScope),
      put: w(l.put),
      // Asking again for the state a license is in writes nothing (licenses.ts).
      setActive: w((uuid: string, active: boolean, now: number) => {
        const r = l.row(uuid);
        if (r) l.setActive(r, active, now, 'UTC');
      }),
    };
  }

  function notifications(w: Wrap): NotificationRepository {
    const n = engine.notifications;
    return {
      load: w(n.load),
      all: w(n.all),
      exists: w(n.exists),
      owner: w(n.owner),
      put: w(n.put),
      configure: w(n.configure),
    };
  }

  function tokens(w: Wrap): TokenRepository {
    const t = engine.tokens;
    return {
      insert: w((hash, grant, now) => {
        t.insert(hash, grant, now);
      }),
      find: w(t.find),
      revoke: w(t.revoke),
      revokeById: w(t.revokeById),
      list: w(t.list),
      touch: w(t.touch),
    };
  }

  function lookups(w: Wrap): LookupRepository {
    const l = q();
    return {
      deviceKey: w(l.deviceKey),
      matching: w(l.matching),
      serialsNear: w(l.serialsNear),
      codeTypeKey: w(l.codeTypeKey),
      codeTypeIdentifiers: w(l.codeTypeIdentifiers),
    };
  }

  /** A bulk add: queued, then saved in one synchronous run by end(), inside the caller's transaction. */
  function deviceBatch(w: Wrap, now: number): DeviceBatch {
    const queue: { d: EdgeDevice; at: Placement; existing: boolean }[] = [];
    let batch: ReturnType<SqliteEngine['edgeDevices']['batch']> | undefined;
    return {
      save: (d, at, existing) => void queue.push({ d, at, existing }),
      end: w((): BatchOutcome => {
        batch = engine.edgeDevices.batch(now);
        for (let i = 0; i < queue.length; i++) {
          const { d, at, existing } = queue[i]!;
          if (!batch.save(d, at, existing)) return { saved: false, clash: i };
        }
        batch.end();
        return { saved: true };
      }),
      records: w((tz: string) => (batch ? batch.records(tz) : [])),
    };
  }

  // ---- Transactions. ----
  let savepoints = 0;
  const session: Session = repositories(
    {
      get changeToken() {
        return engine.version();
      },
      async savepoint<S>(fn: () => Promise<S>): Promise<S> {
        const name = `ccp_sp_${++savepoints}`;
        db.exec(`SAVEPOINT ${name}`);
        try {
          const out = await fn();
          db.exec(`RELEASE ${name}`);
          return out;
        } catch (err) {
          db.exec(`ROLLBACK TO ${name}`);
          db.exec(`RELEASE ${name}`);
          throw err;
        }
      },
    },
    inside,
    inside((list, now) => engine.importDevices(list, now)),
  );

  // The checkpoint after the last write, once the connection has been idle for idleMs (not holding the
  // process open). PASSIVE: it takes no lock that another process's reader or writer would wait on.
  let idle: NodeJS.Timeout | undefined;
  function wrote(): void {
    if (idleMs === undefined) return;
    if (idle) idle.refresh();
    else {
      idle = setTimeout(() => {
        idle = undefined;
        void exclusive(() => {
          if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
        }).catch(() => undefined);
      }, idleMs);
      idle.unref();
    }
  }

  /**
   * Runs `fn` in a transaction begun by `sql`, waiting asynchronously for another connection's write lock up
   * to lockWaitMs. The connection's turn is given up between attempts: while a write waits for the lock,
   * reads and the other requests keep being served. Unless `spanning`, the transaction must end before the
   * event loop turns: one still open then is rolled back and refused (a programming error, never a user's).
   */
  async function transaction<T>(sql: string, spanning: boolean, fn: (s: Session) => Promise<T>): Promise<T> {
    const deadline = monotonicMs() + lockWaitMs;
    for (let attempt = 0; ; attempt++) {
      const release = await acquire();
      let busy = false;
      try {
        try {
          db.exec(sql);
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || deadline - monotonicMs() <= 0)
            fail(err);
          busy = true;
        }
        if (!busy) {
          let turned = false;
          const watch = spanning ? undefined : setImmediate(() => (turned = true));
          try {
            const out = await (sql === 'BEGIN' ? engine.checked(() => fn(session)) : fn(session));
            if (turned) throw new Error('a transaction of the store spanned an await of something else');
            db.exec('COMMIT');
            if (sql !== 'BEGIN') wrote();
            return out;
          } catch (err) {
            if (db.inTransaction) db.exec('ROLLBACK');
            return fail(err);
          } finally {
            if (watch) clearImmediate(watch);
          }
        }
      } finally {
        release();
      }
      // The lock was busy: wait before the next attempt, the turn given up.
      const left = deadline - monotonicMs();
      await lockBackoff(attempt, left);
    }
  }

  /** The engine's bulk settings, kept while `fn` runs (one bulk, or the steps of one). */
  function bulkSettings(): () => void {
    const cacheSize = db.pragma('cache_size', { simple: true }) as number;
    // Random uuids dirty most of the uuid index: at SQLite's default (1,000 pages) nearly every commit of a
    // bulk's pages would set off a checkpoint of the WAL, with its fsync. The WAL is folded back at the end.
    db.pragma('wal_autocheckpoint = 20000');
    return () => {
      db.pragma(`cache_size = ${cacheSize}`);
      db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
      if (!db.readonly) db.pragma('wal_checkpoint(PASSIVE)');
    };
  }

  const bulkTransaction = <T>(fn: (s: Session) => Promise<T>): Promise<T> =>
    transaction('BEGIN IMMEDIATE', true, async (s) => {
      db.pragma('defer_foreign_keys = ON');
      // A bigger page cache while loading: the serial-number index takes keys out of order, and with the
      // 2 MB of every command a million devices read and spill its pages again and again. Set inside the
      // transaction: the pragma may read the schema another process has just changed.
      db.pragma(`cache_size = -${BULK_CACHE_KB}`);
      return fn(s);
    });

  async function bulk<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const restore = bulkSettings();
    try {
      return await bulkTransaction(fn);
    } finally {
      restore();
    }
  }

  // One connection: what a step notes (a temporary table) is there for the next one as it is.
  async function steps(): Promise<BulkSteps> {
    const restore = bulkSettings();
    let ended = false;
    return {
      step: bulkTransaction,
      async end() {
        if (ended) return;
        ended = true;
        await exclusive(restore);
      },
    };
  }

  const describe = () => engine.path;
  const store: Omit<Store, keyof Repositories> = {
    clock: engine.clock,
    lockWaitMs,
    tx: (fn) => transaction('BEGIN IMMEDIATE', false, fn),
    read: (fn) => transaction('BEGIN', false, fn),
    bulk,
    steps,
    changeToken: async () => engine.version(),
    counts: alone((): RecordCounts => {
      const { counts } = engine.facts({ integrity: false });
      return {
        organizations: counts.organizations,
        edgeDevices: counts.edgeDevices,
        edgeFlows: counts.edgeFlows,
        codeTypes: counts.codeTypes,
        codes: counts.codes,
        licenses: counts.licenses,
        notifications: counts.notifications,
        tokens: counts.tokens,
      };
    }),
    health: alone((o: { thorough?: boolean } = {}) => {
      const problems = o.thorough ? engine.integrity() : [];
      return {
        location: engine.path,
        engine: `SQLite ${engine.sqliteVersion()}`,
        schemaVersion: engine.schemaVersion(),
        problems,
      };
    }),
    describe,
    close: () =>
      exclusive(() => {
        clearTimeout(idle);
        engine.close();
      }),
  };
  return repositories(store, alone, (list, now) => bulk(async (s) => s.edgeDevices.importBatch(list, now)));
}

const BULK_CACHE_KB = 32 * 1024;

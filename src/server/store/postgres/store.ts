// The PostgreSQL adapter of the store port (../port.ts): a pool of `pg` connections to one database, shared by
// any number of servers. Writes wait for each other's row locks up to 10 s (lock_timeout), as SQLite's do for
// its file; a deadlock or serialization failure reruns the transaction; every failure leaves as a StoreError.
//
// The change token is pg_current_snapshot(): which transactions had committed when a read began. Two equal
// snapshots see the same committed data, so caches checked against it are never stale, whichever server
// wrote; reading it costs a function call in the read's first statement and no write at all (a counter row
// bumped by every write would serialise every writer on one row). It moves on any write to the cluster, even
// in another database: caches are forgotten more often than needed, never kept too long.
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Clock, systemClock } from '../../../domain/clock.js';
import type { BulkSteps, RecordCounts, Repositories, Session, Store, StoreHealth } from '../port.js';
import { LOCK_WAIT_MS, StoreError } from '../port.js';
import { type ConnectOptions, resolveConnection } from './connection.js';
import {
  type DeviceContext,
  edgeDeviceRepository,
  ListingMemories,
  type ListingMemory,
} from './edge-devices.js';
import { isRetryable, toStoreError } from './failures.js';
import {
  codeRepository,
  licenseRepository,
  lookupRepository,
  notificationRepository,
  organizationRepository,
  tokenRepository,
} from './repositories.js';
import { migrate, PG_SCHEMA_VERSION, schemaProblems } from './schema.js';
import type { Sql } from './sql.js';

export const CONNECT_TIMEOUT_MS = 10_000;
/**
 * How long a statement of a request's may go unanswered past the lock wait before its connection is taken
 * for dead: a database gone silent (a partition, a failover whose old address answers nothing) would
 * otherwise hold the request for as long as TCP retries, minutes. Bulk writes (import, seed, clone) have no
 * such bound: a COPY of a million devices is one statement.
 */
const SILENT_AFTER_LOCK_MS = 5_000;
/** Reruns of a transaction that met a deadlock or a serialization failure. */
const MAX_RERUNS = 8;

export interface PostgresStoreOptions extends ConnectOptions {
  clock?: Clock;
  /** Create or upgrade the tables (server start, seed, import, clone); else a database without them is refused. */
  create?: boolean;
  /** This ccp's version, named when a database of a newer one is refused. */
  appVersion?: string;
  lockWaitMs?: number;
  /** Connections kept open: 10. */
  poolSize?: number;
}

// int8 (counts, epoch milliseconds) and numeric (sums) as numbers: every one the twin keeps is below 2^53.
const TYPES = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20 || oid === 1700
      ? (v: string | null) => (v === null ? null : Number(v))
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

type Queryable = pg.Pool | pg.PoolClient;

/**
 * A client that closes its socket when connecting fails. pg leaves the socket open when the failure is on
 * its side (no password to answer the server's SASL challenge, a TLS check): the server would hold it until
 * its authentication_timeout, a command would not exit, and a serving pool would gather such sockets.
 */
class ClosingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null) => void): void;
  override connect(callback?: (err: Error | null) => void): Promise<pg.Client> | undefined {
    if (!callback) return super.connect();
    super.connect((err: Error | null) => {
      if (err) (this.connection as unknown as { stream?: { destroy(): void } }).stream?.destroy();
      callback(err);
    });
    return undefined;
  }
}

/**
 * A statement with parameters as a prepared statement of its connection, named by its text: parsed and planned
 * once per connection, not at every request. The twin's statements are a fixed set (their texts are built
 * from the entities, never from values), so each connection prepares a bounded number of them.
 */
const names = new Map<string, string>();
function prepared(text: string, values: readonly unknown[] | undefined): pg.QueryConfig {
  if (!values) return { text };
  let name = names.get(text);
  if (!name) {
    name = `ccp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 10_000) names.set(text, name);
  }
  return { name, text, values: values as unknown[] };
}

/** What a statement of a session over the memory alone throws: the read goes to the database. */
const NEEDS_DATABASE = new Error('the read needs the database');
const needsDatabase = () => Promise.reject(NEEDS_DATABASE);
const NO_DATABASE: Sql = { rows: needsDatabase, arrays: needsDatabase, run: needsDatabase };

/** Opens the database a `postgres://` or `postgresql://` URL names, migrating it when `create` is set. */
export async function openPostgresStore(url: string, opts: PostgresStoreOptions = {}): Promise<Store> {
  const conn = resolveConnection(url, opts);
  const failure = {
    label: conn.label,
    user: conn.user,
    secret: typeof conn.password === 'string' ? conn.password : undefined,
  };
  const fail = (err: unknown) => toStoreError(err, failure);
  const lockWait = opts.lockWaitMs ?? LOCK_WAIT_MS;
  const settings = `-c lock_timeout=${lockWait}`;
  const pool = new pg.Pool({
    host: conn.host,
    port: conn.port,
    user: conn.user,
    database: conn.database,
    // biome-ignore lint/suspicious/noExplicitAny: pg's types take a string; it also calls a function.
    password: conn.password as any,
    ssl: conn.ssl === false ? false : conn.ssl,
    ...conn.extra,
    application_name: conn.extra.application_name ?? 'ccp',
    options: conn.extra.options ? `${conn.extra.options} ${settings}` : settings,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    max: opts.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    types: TYPES,
    Client: ClosingClient,
  });
  // An idle connection cut by the server (a restart, a failover) is dropped by the pool; the next query opens
  // another. Without a listener the error would end the process.
  pool.on('error', () => undefined);

  // A request's statements are bounded (SILENT_AFTER_LOCK_MS); a bulk write's are not (`timed` false).
  const queryWait = lockWait + SILENT_AFTER_LOCK_MS;
  const bounded = (timed: boolean) => (timed ? { query_timeout: queryWait } : {});
  const sqlOver = (q: Queryable, timed = true): Sql => ({
    async rows(text, values) {
      try {
        return (await q.query({ ...prepared(text, values), ...bounded(timed) })).rows;
      } catch (err) {
        throw fail(err);
      }
    },
    async arrays(text, values) {
      try {
        return (await q.query({ ...prepared(text, values), rowMode: 'array', ...bounded(timed) })).rows;
      } catch (err) {
        throw fail(err);
      }
    },
    async run(text, values) {
      try {
        return (await q.query({ ...prepared(text, values), ...bounded(timed) })).rowCount ?? 0;
      } catch (err) {
        throw fail(err);
      }
    },
  });

  const memories = new ListingMemories();
  const tokenOf = async (q: Queryable) => {
    const r = await sqlOver(q).rows<{ t: string }>('SELECT pg_current_snapshot()::text AS t');
    return r[0]!.t;
  };

  function repositories(
    q: Queryable | Sql,
    memoryOf: () => Promise<ListingMemory | undefined>,
    timed = true,
  ): Repositories {
    const sql = 'rows' in q ? q : sqlOver(q, timed);
    const ctx: DeviceContext = {
      sql,
      memory: memoryOf,
      async copyIn(copy, rows) {
        if (!('connect' in q) || q instanceof pg.Pool)
          throw new StoreError('other', 'COPY runs inside a transaction of the store');
        try {
          const stream = (q as pg.PoolClient).query(copyFrom(copy));
          const done = new Promise<void>((resolve, reject) => {
            stream.on('finish', resolve);
            stream.on('error', reject);
          });
          // Written in chunks of about 64 KiB, each waiting for the socket to drain.
          let chunk = '';
          for await (const row of rows as AsyncIterable<string>) {
            chunk += row;
            if (chunk.length >= 65_536) {
              if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
              chunk = '';
            }
          }
          stream.end(chunk);
          await done;
        } catch (err) {
          throw fail(err);
        }
      },
    };
    return {
      organizations: organizationRepository(sql),
      edgeDevices: edgeDeviceRepository(ctx),
      codes: codeRepository(sql),
      licenses: licenseRepository(sql),
      notifications: notificationRepository(sql),
      tokens: tokenRepository(sql),
      lookups: lookupRepository(sql),
    };
  }

  async function connect(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (err) {
      throw fail(err);
    }
  }

  /** Runs `fn` in a transaction begun by `begin` on a connection of its own. */
  async function inTransaction<T>(
    begin: string,
    cached: boolean,
    fn: (s: Session) => Promise<T>,
  ): Promise<T> {
    const client = await connect();
    let broken: Error | undefined;
    try {
      return await onClient(client, undefined, begin, cached, fn, begin !== BULK);
    } catch (err) {
      if (err instanceof StoreError && err.kind === 'unavailable') broken = err;
      throw err;
    } finally {
      // A connection that failed is closed, not given to the next request.
      client.release(broken);
    }
  }

  /**
   * Runs `fn` in a transaction begun by `begin` on `client`, through `repos` if given (else its own, whose
   * statements are bounded when `timed`).
   */
  async function onClient<T>(
    client: pg.PoolClient,
    repos: Repositories | undefined,
    begin: string,
    cached: boolean,
    fn: (s: Session) => Promise<T>,
    timed = false,
  ): Promise<T> {
    const send = (text: string) =>
      client.query({ text, ...bounded(timed) }).catch((err) => {
        throw fail(err);
      });
    // BEGIN and the snapshot's token in one round trip (a simple query of two statements).
    const results = (await send(
      `${begin}; SELECT pg_current_snapshot()::text AS t`,
    )) as unknown as pg.QueryResult[];
    const changeToken = String(results[results.length - 1]!.rows[0]!.t);
    let savepoints = 0;
    const session: Session = {
      ...(repos ?? repositories(client, async () => (cached ? memories.at(changeToken) : undefined), timed)),
      changeToken,
      async savepoint<S>(inner: () => Promise<S>): Promise<S> {
        const name = `ccp_sp_${++savepoints}`;
        await send(`SAVEPOINT ${name}`);
        try {
          const out = await inner();
          await send(`RELEASE SAVEPOINT ${name}`);
          return out;
        } catch (err) {
          if (!gone(err)) await send(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
          throw err;
        }
      },
    };
    try {
      const out = await fn(session);
      await send('COMMIT');
      return out;
    } catch (err) {
      // A connection gone, or gone silent, is closed by the caller: the database rolls back what it began, and
      // a ROLLBACK sent would wait behind the statement that never answered.
      if (!gone(err)) await send('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  const gone = (err: unknown) => err instanceof StoreError && err.kind === 'unavailable';

  // Foreign keys checked at the commit: an import may list devices before their organizations.
  const BULK = 'BEGIN; SET CONSTRAINTS ALL DEFERRED';

  /**
   * Steps on one connection held until end(), with one set of repositories: a clone's notes (a temporary
   * table of the connection, and whether it notes at all) last from step to step. The connection is closed
   * at the end, not given back, so that nothing a run left in it reaches the next user.
   */
  async function steps(): Promise<BulkSteps> {
    const client = await connect();
    const repos = repositories(client, async () => undefined, false);
    let ended = false;
    return {
      async step(fn) {
        if (ended) throw new StoreError('other', 'a step of a write that has ended');
        return onClient(client, repos, BULK, false, fn);
      },
      async end() {
        if (ended) return;
        ended = true;
        client.release(true);
      },
    };
  }

  async function tx<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    for (let run = 1; ; run++) {
      try {
        return await inTransaction('BEGIN', false, fn);
      } catch (err) {
        if (!isRetryable(err) || run >= MAX_RERUNS) throw err;
        // A short, growing pause with jitter: the two sides of a deadlock do not meet again at once.
        await new Promise((r) => setTimeout(r, Math.random() * 10 * run));
      }
    }
  }

  // Make or check the tables on one connection, under the advisory lock.
  const setup = await connect();
  try {
    const exec = (text: string, values?: unknown[]) =>
      setup.query(text, values).catch((err) => {
        throw fail(err);
      });
    await migrate(exec, {
      create: opts.create ?? false,
      appVersion: opts.appVersion ?? 'unknown',
      label: conn.label,
    });
    setup.release();
  } catch (err) {
    setup.release(true);
    await pool.end().catch(() => undefined);
    throw err;
  }

  // A session over the memory of one change token alone, made once per memory: any statement is refused.
  const sessions = new WeakMap<ListingMemory, Session>();
  const memorySession = (memory: ListingMemory, token: string): Session => {
    let session = sessions.get(memory);
    if (!session) {
      session = {
        ...repositories(NO_DATABASE, async () => memory),
        changeToken: token,
        savepoint: (inner) => inner(),
      };
      sessions.set(memory, session);
    }
    return session;
  };

  const describe = () => conn.label;
  const outside = repositories(pool, async () => memories.at(await tokenOf(pool)));
  const store: Store = {
    clock: opts.clock ?? systemClock,
    ...outside,
    // COPY and a clone's notes need a connection of their own: called on the store, each is a bulk of its own.
    edgeDevices: {
      ...outside.edgeDevices,
      importBatch: (list, now) => store.bulk((s) => s.edgeDevices.importBatch(list, now)),
    },
    tx,
    async read(fn, at) {
      // What the memory of the caller's token holds is answered from it, with no round trip: a read needing
      // the database is run again from the start in a transaction of its own.
      const memory = at === undefined ? undefined : memories.peek(at);
      if (memory) {
        try {
          return await fn(memorySession(memory, at!));
        } catch (err) {
          if (err !== NEEDS_DATABASE) throw err;
        }
      }
      return inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', true, fn);
    },
    bulk: (fn) => inTransaction(BULK, false, fn),
    steps,
    importPlan: { deviceBatch: 4000, organizationsFirst: true },
    changeToken: () => tokenOf(pool),
    async counts(): Promise<RecordCounts> {
      const r = await sqlOver(pool).rows<Record<string, number>>(
        `SELECT (SELECT count(*) FROM organizations) AS organizations,
           (SELECT coalesce(sum(n), 0) FROM org_device_counts) AS "edgeDevices",
           (SELECT count(*) FROM edge_flows) AS "edgeFlows",
           (SELECT count(*) FROM code_types) AS "codeTypes", (SELECT count(*) FROM codes) AS codes,
           (SELECT count(*) FROM licenses) AS licenses, (SELECT count(*) FROM notifications) AS notifications,
           (SELECT count(*) FROM tokens WHERE revoked_on IS NULL) AS tokens`,
      );
      return r[0] as unknown as RecordCounts;
    },
    async health(): Promise<StoreHealth> {
      // A real check, each time: the database answers, and its tables are still the ones this ccp expects
      // (another ccp, or a person, may have changed them since the store opened).
      const sql = sqlOver(pool);
      const r = await sql.rows<{ v: string }>("SELECT current_setting('server_version') AS v");
      const version = String(r[0]?.v ?? '').split(' ')[0];
      const found = await schemaProblems((text, values) => sql.rows(text, values).then((rows) => ({ rows })));
      return {
        location: conn.label,
        engine: `PostgreSQL ${version}`,
        schemaVersion: found.version,
        problems: found.problems,
      };
    },
    describe,
    lockWaitMs: lockWait,
    async close() {
      await pool.end().catch(() => undefined);
    },
  };
  Object.defineProperty(store, 'toString', { value: describe });
  Object.defineProperty(store, inspect.custom, { value: () => `PostgreSQL store ${describe()}` });
  return store;
}

export { PG_SCHEMA_VERSION };

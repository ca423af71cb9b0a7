import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { RawResponse, Transport, TransportRequest } from '../api/exchange.js';
import { ApiError } from '../api/request-errors.js';
import type { ConfigFile, EmbeddedAccess } from '../config/index.js';
import type { Clock } from '../domain/clock.js';
import { isDatabaseUrl, shownLocation } from '../domain/db-location.js';
import { makeDirs, tighten } from '../domain/dirs.js';
import type { TwinLookup } from '../domain/lookup.js';
import type { InProcessService, RecordCounts, Session, Store, TokenActsFor } from '../server/index.js';
import { notCcpDatabase, UsageError } from './command-errors.js';

/** What `ccp status` tells of the embedded database: how many records of each kind, and its check. */
export interface DatabaseFacts {
  /** Null when they cannot be read: the check (`integrity`) says what is wrong. */
  counts: RecordCounts | null;
  /** `ok`, or what the check found. */
  integrity: string;
  /** The database as `host:port/database` or its file: never a password. */
  location: string;
  /** The engine and its version: `PostgreSQL 15.18`, `SQLite 3.50.2`. */
  engine: string;
}

import type { IO } from './io.js';

/** The base URL requests to the embedded server are written against: a name only, nothing listens there. */
export const EMBEDDED_URL = 'http://embedded.localhost';

export interface EmbeddedServer {
  url: string;
  /** Hands each request to the server's handler in this process. */
  transport: Transport;
  token: string;
  orgUuid: string;
  /** Reads of the database by its indexes for `token` in zone `tz` (undefined when the service would refuse either). */
  lookup(token: string | undefined, tz: string): Promise<TwinLookup | undefined>;
  /** The database's counts and integrity, read through the server's own connection (never a second one). */
  facts(): Promise<DatabaseFacts>;
  /** The organization and role `token` acts for on this database, read through the same connection. */
  actsFor(token: string): Promise<TokenActsFor | undefined>;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  dbPath: string;
  io: IO;
  env: NodeJS.ProcessEnv;
  clock?: Clock;
  /** A CA certificate file for TLS to a PostgreSQL database (`--ca-file`, CCP_CA_FILE). */
  caFile?: string | undefined;
}

// What undici refuses in a header value: the in-process path refuses the same, with the same code.
const BAD_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Requests handed to the server's handler in this process, with what the HTTP path would do around it:
 * header values checked before anything is sent, the answer given up when the signal aborts (the handler
 * finishes on its own, as a server's would after a client hung up), and close() waiting for the others.
 */
function inProcessTransport(call: InProcessService): Transport {
  const pending = new Set<Promise<unknown>>();

  /** Hands the request to the handler; its answer, or the signal's reason once the signal aborts. */
  function send(r: TransportRequest): Promise<RawResponse> {
    r.signal.throwIfAborted();
    r.onSent();
    const answer = call({
      method: r.method,
      url: r.url.pathname + r.url.search,
      headers: r.headers,
      body: r.body,
      json: r.json,
      // The handler stops long work (a report's rendering) when the command gives up on the answer.
      signal: r.signal,
    });
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    pending.add(settled);
    return new Promise((resolve, reject) => {
      const done = () => {
        pending.delete(settled);
        r.signal.removeEventListener('abort', abort);
      };
      const abort = () => {
        done();
        reject(r.signal.reason);
      };
      r.signal.addEventListener('abort', abort, { once: true });
      answer.then(
        (a) => {
          done();
          resolve(a);
        },
        (err: unknown) => {
          done();
          reject(err);
        },
      );
    });
  }

  return {
    request(r) {
      for (const [name, value] of Object.entries(r.headers)) {
        if (BAD_HEADER_CHAR.test(value)) {
          return Promise.reject(
            Object.assign(new Error(`invalid ${name} header`), { code: 'UND_ERR_INVALID_ARG' }),
          );
        }
      }
      // A turn of the event loop before each request, as a socket's would take: every step in process can
      // resolve at once, and a long listing or bulk add would never let node see a signal (Ctrl-C) or a
      // stream's events until its end. A request aborted meanwhile is not sent.
      return new Promise<void>((turn) => setImmediate(turn)).then(() => send(r));
    },
    async close() {
      await Promise.all(pending);
    },
  };
}

/**
 * The embedded default (docs/architecture.md): with no base URL, the local database is served in this
 * process for the command's duration (requests go to the server's handler without a socket), with an admin
 * token kept in the config file. Only the default database is seeded with demo data (when new or without
 * any organization); an explicit --db is taken as given.
 */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const [{ defaultDbPath, ConfigFile }, server] = await Promise.all([
    import('../config/index.js'),
    import('../server/embedded.js'),
  ]);
  const url = isDatabaseUrl(opts.dbPath);
  // A URL is not a path: nothing of a file's rules (made absolute, its folder made) applies to it.
  const dbPath = url ? opts.dbPath : resolve(opts.dbPath);
  const shown = shownLocation(dbPath);
  const isDefault = !url && dbPath === resolve(defaultDbPath(opts.env));
  const isNew = !url && !existsSync(dbPath);
  // Only the default database is made on first use; a --db or CCP_DB where none is makes nothing.
  if (isNew && isDefault) makeDirs(dirname(dbPath));
  // ccp's own data folder; a folder named by --db is the user's to set.
  else if (isDefault) tighten(dirname(dbPath), 0o700);
  let opened: Store | undefined;
  try {
    const store = await server.openStore(dbPath, {
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.caFile ? { caFile: opts.caFile } : {}),
      create: isDefault,
    });
    opened = store;
    // The one check of the tokens for the command: its requests and its lookups find what it found. Inside
    // the bootstrap's transaction the session checks instead (the store waits for that transaction to end).
    const auth = server.authenticator(store);
    const ready = async (config: Pick<ConfigFile, 'embeddedAccess'>, s?: Session) => {
      const access = config.embeddedAccess(dbPath);
      if (!access) return undefined;
      const seeded = !isDefault || (await (s ?? store).organizations.roots()).length > 0;
      if (!seeded) return undefined;
      const granted = s
        ? await server.tokenIsValid(s, access.token)
        : (await auth.grantOf(access.token)) !== undefined;
      return granted ? access : undefined;
    };
    // Several commands may start at once on a new database. Seeding and the token are decided under the
    // database's write lock, so one of them seeds and creates the token and the others find both.
    const bootstrap = (
      config: ConfigFile,
      demo: typeof import('../server/loading/demo.js') | undefined,
    ): Promise<EmbeddedAccess> =>
      store.tx(async (s) => {
        // A default database left empty (by an interrupted first run, say) is seeded too.
        if (demo && (await s.organizations.roots()).length === 0) {
          const seeded = await demo.seedDemoIn(s, store.clock.now());
          opts.io.note(
            `ccp: ${isNew ? 'created' : 'seeded'} ${dbPath} with demo data (${seeded.organizations} organizations, ${seeded.edgeDevices} edge devices); ` +
              'set --base-url or CCP_BASE_URL to work with a remote service',
          );
        }
        const found = await ready(config, s);
        if (found) return found;
        const root = (await s.organizations.roots())[0];
        if (!root) {
          throw new UsageError(`the database ${store.describe()} holds no organization`, {
            hint: `load data first: ccp server seed --demo --db ${shown}  (or: ccp server import FILE --db ${shown})`,
          });
        }
        const created = {
          token: await server.createToken(s, { orgUuid: root.uuid, role: 'admin' }, store.clock.now()),
          orgUuid: root.uuid,
        };
        // Written while the lock is held: a command waiting for the lock reads it when it gets it.
        config.setEmbeddedAccess(dbPath, created);
        return created;
      });
    // Most commands find the token: the config file is read without conf, which loads only to write it.
    const access =
      (await ready(await ConfigFile.readAccess(opts.env))) ??
      (await bootstrap(
        await ConfigFile.open(opts.env),
        // The demo data (and zod, which checks it) load only where a first run may seed.
        isDefault ? await import('../server/loading/demo.js') : undefined,
      ));
    const transport = inProcessTransport(
      server.inProcessService({ store, authenticate: auth, ...(opts.clock ? { clock: opts.clock } : {}) }),
    );
    const { token, orgUuid } = access;
    return {
      url: EMBEDDED_URL,
      transport,
      token,
      orgUuid,
      lookup: async (t, tz) => server.twinLookup(store, t ? await auth.grantOf(t) : undefined, tz),
      async facts() {
        const { problems, location, engine } = await store.health({ thorough: true });
        // A database found wrong (a table gone) may not be countable: the problems say why, not a failure.
        const counts = problems.length === 0 ? await store.counts() : await store.counts().catch(() => null);
        return { counts, integrity: problems.length === 0 ? 'ok' : problems.join('; '), location, engine };
      },
      actsFor: (t) => server.tokenActsFor(store, t),
      async close() {
        await transport.close();
        await store.close();
      },
    };
  } catch (err) {
    await opened?.close();
    const refused = notCcpDatabase(err);
    if (refused) throw refused;
    // A database that cannot be reached, or refuses the user, when the command starts: exit 5 or 3, its own
    // message (cli/exit-codes.ts), as a remote service that cannot be reached is exit 5.
    const kind =
      (err as { name?: unknown; kind?: unknown } | null)?.name === 'StoreError'
        ? (err as { kind: unknown }).kind
        : undefined;
    if (!opened && (kind === 'unavailable' || kind === 'auth')) throw err;
    // What the embedded service would answer (decisions.md), said as plainly: the command fails (exit 1).
    if (server.isStoreFailure(err)) {
      throw new ApiError({
        code: 'SERVICE_UNAVAILABLE',
        reason: `The service is unavailable: ${server.storeCause(err)}`,
        httpStatus: 503,
        subject: shown,
      });
    }
    throw err;
  }
}

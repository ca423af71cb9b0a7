// The embedded default's start (docs/architecture.md): the local database opened for the command's duration,
// the default one seeded with demo data when new, and the admin token the command's requests carry, made
// once and kept where the CLI says (its config file). Nothing here knows the CLI: the CLI hands in where the
// token is kept and where notes go.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Clock } from '../domain/clock.js';
import { isDatabaseUrl, shownLocation } from '../domain/db-location.js';
import { makeDirs, tighten } from '../domain/dirs.js';
import type { TwinLookup } from '../domain/lookup.js';
import { authenticator, createToken, type TokenActsFor, tokenActsFor, tokenIsValid } from './auth.js';
import { type InProcessService, inProcessService } from './in-process.js';
import { openStore } from './store/open.js';
import type { RecordCounts, Session, Store } from './store/port.js';
import { twinLookup } from './twin-lookup.js';

/** The token the embedded default sends to one database, and the organization it acts for. */
export interface EmbeddedAccess {
  token: string;
  orgUuid: string;
}

/** Where the embedded default's token is kept for one database. */
export interface AccessBook {
  /** The token kept, read without opening anything for writing: most commands find it here. */
  read(): Promise<EmbeddedAccess | undefined>;
  /** Opened for writing (under the database's write lock), with what it holds read again there. */
  open(): Promise<{ read(): EmbeddedAccess | undefined; write(access: EmbeddedAccess): void }>;
}

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

/** The local database, opened: a file made absolute, or a URL as given. */
export interface EmbeddedDatabase {
  store: Store;
  location: string;
  /** The location as messages show it: never a password. */
  shown: string;
  /** The default database: made on first use, and seeded with demo data when it holds no organization. */
  isDefault: boolean;
  isNew: boolean;
}

/** A default database, or one named, that holds no organization to give a token for. */
export class EmptyDatabaseError extends Error {
  constructor(described: string) {
    super(`the database ${described} holds no organization`);
    this.name = 'EmptyDatabaseError';
  }
}

/** A file made absolute; a URL is not a path: nothing of a file's rules (made absolute, its folder made) applies. */
export function embeddedLocation(location: string): string {
  return isDatabaseUrl(location) ? location : resolve(location);
}

/**
 * Opens `location` (a SQLite path or a PostgreSQL URL). Only the default database (`defaultPath`) is made on
 * first use, with its folder; a path named otherwise where none is makes nothing.
 */
export async function openEmbeddedDatabase(opts: {
  location: string;
  defaultPath: string;
  clock?: Clock;
  /** A CA certificate file for TLS to a PostgreSQL database (`--ca-file`, CCP_CA_FILE). */
  caFile?: string | undefined;
}): Promise<EmbeddedDatabase> {
  const url = isDatabaseUrl(opts.location);
  const location = embeddedLocation(opts.location);
  const isDefault = !url && location === resolve(opts.defaultPath);
  const isNew = !url && !existsSync(location);
  if (isNew && isDefault) makeDirs(dirname(location));
  // ccp's own data folder; a folder named by --db is the user's to set.
  else if (isDefault) tighten(dirname(location), 0o700);
  const store = await openStore(location, {
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.caFile ? { caFile: opts.caFile } : {}),
    create: isDefault,
  });
  return { store, location, shown: shownLocation(location), isDefault, isNew };
}

/** The embedded service over an opened database, and what the CLI reads through its connection. */
export interface EmbeddedService {
  service: InProcessService;
  token: string;
  orgUuid: string;
  /** Reads of the database by its indexes for `token` in zone `tz` (undefined when the service would refuse either). */
  lookup(token: string | undefined, tz: string): Promise<TwinLookup | undefined>;
  /** The database's counts and integrity, read through the service's own connection (never a second one). */
  facts(): Promise<DatabaseFacts>;
  /** The organization and role `token` acts for on this database, read through the same connection. */
  actsFor(token: string): Promise<TokenActsFor | undefined>;
  close(): Promise<void>;
}

/**
 * Finds the kept token, or makes it: a default database left without organizations is seeded first. On a
 * failure the store is closed.
 */
export async function serveEmbedded(
  db: EmbeddedDatabase,
  opts: { book: AccessBook; note: (line: string) => void; clock?: Clock },
): Promise<EmbeddedService> {
  const { store, isDefault } = db;
  try {
    // The one check of the tokens for the command: its requests and its lookups find what it found. Inside
    // the bootstrap's transaction the session checks instead (the store waits for that transaction to end).
    const auth = authenticator(store);
    const ready = async (access: EmbeddedAccess | undefined, s?: Session) => {
      if (!access) return undefined;
      const seeded = !isDefault || (await (s ?? store).organizations.roots()).length > 0;
      if (!seeded) return undefined;
      const granted = s
        ? await tokenIsValid(s, access.token)
        : (await auth.grantOf(access.token)) !== undefined;
      return granted ? access : undefined;
    };
    // Several commands may start at once on a new database. Seeding and the token are decided under the
    // database's write lock, so one of them seeds and creates the token and the others find both.
    const bootstrap = async (): Promise<EmbeddedAccess> => {
      const book = await opts.book.open();
      // The demo data (and zod, which checks it) load only where a first run may seed.
      const demo = isDefault ? await import('./loading/demo.js') : undefined;
      return store.tx(async (s) => {
        // A default database left empty (by an interrupted first run, say) is seeded too.
        if (demo && (await s.organizations.roots()).length === 0) {
          const seeded = await demo.seedDemoIn(s, store.clock.now());
          opts.note(
            `ccp: ${db.isNew ? 'created' : 'seeded'} ${db.location} with demo data (${seeded.organizations} organizations, ${seeded.edgeDevices} edge devices); ` +
              'set --base-url or CCP_BASE_URL to work with a remote service',
          );
        }
        const found = await ready(book.read(), s);
        if (found) return found;
        const root = (await s.organizations.roots())[0];
        if (!root) throw new EmptyDatabaseError(store.describe());
        const created = {
          token: await createToken(s, { orgUuid: root.uuid, role: 'admin' }, store.clock.now()),
          orgUuid: root.uuid,
        };
        // Written while the lock is held: a command waiting for the lock reads it when it gets it.
        book.write(created);
        return created;
      });
    };
    const { token, orgUuid } = (await ready(await opts.book.read())) ?? (await bootstrap());
    return {
      service: inProcessService({ store, authenticate: auth, ...(opts.clock ? { clock: opts.clock } : {}) }),
      token,
      orgUuid,
      lookup: async (t, tz) => twinLookup(store, t ? await auth.grantOf(t) : undefined, tz),
      async facts() {
        const { problems, location, engine } = await store.health({ thorough: true });
        // A database found wrong (a table gone) may not be countable: the problems say why, not a failure.
        const counts = problems.length === 0 ? await store.counts() : await store.counts().catch(() => null);
        return { counts, integrity: problems.length === 0 ? 'ok' : problems.join('; '), location, engine };
      },
      actsFor: (t) => tokenActsFor(store, t),
      close: () => store.close(),
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}

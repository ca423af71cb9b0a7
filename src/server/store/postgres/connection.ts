// Where a PostgreSQL twin lives and how to reach it, by libpq's conventions (cli.md, "A team twin"). `pg` reads
// PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE itself for whatever the URL leaves out; what it does not do
// as libpq does is done here: ~/.pgpass (pg's own reading of it prints a deprecation warning and goes in pg 9),
// and sslmode (pg treats `require` as `verify-full` and has no `verify-ca`). A password is kept only in the
// config handed to the driver: describe() and every message name the database as `host:port/database`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import { parse } from 'pg-connection-string';

/** True for a location that names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

export interface ConnectOptions {
  /** A CA certificate file (PEM) the server's certificate must chain to (`--ca-file`; else sslrootcert). */
  caFile?: string | undefined;
  /** Reaching the database gives up after this long (libpq's connect_timeout): 10 s. */
  connectTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** What the driver is given. `password` may be a function (the ~/.pgpass lookup, done when connecting). */
export interface ResolvedConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | (() => Promise<string | undefined>) | undefined;
  ssl: false | ConnectionOptions;
  /** Query parameters pg passes on (application_name, options ...), without the ssl ones. */
  extra: Record<string, string>;
  /** `host:port/database`: how the database is named in every message. */
  label: string;
}

export class ConnectionConfigError extends Error {
  override readonly name = 'ConnectionConfigError';
}

const DEFAULT_SOCKET_DIR = '/var/run/postgresql';

/**
 * The connection a URL names, filled in from the environment as libpq does. Throws ConnectionConfigError for
 * what cannot work (an unknown sslmode, an unreadable CA file), never quoting the URL.
 */
export function resolveConnection(url: string, opts: ConnectOptions = {}): ResolvedConnection {
  const env = opts.env ?? process.env;
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(url) as Record<string, unknown>;
  } catch {
    // The URL itself may hold the password: it is never quoted.
    throw new ConnectionConfigError(
      'the PostgreSQL URL cannot be read (postgresql://[user@]host[:port]/database)',
    );
  }
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const host = text(parsed.host) ?? text(env.PGHOST) ?? DEFAULT_SOCKET_DIR;
  const port = Number(text(parsed.port) ?? text(env.PGPORT) ?? 5432);
  const user = text(parsed.user) ?? text(env.PGUSER) ?? osUser(env);
  const database = text(parsed.database) ?? text(env.PGDATABASE) ?? user;
  const label = `${host}:${port}/${database}`;
  const given = text(parsed.password) ?? text(env.PGPASSWORD);
  const mode = (text(parsed.sslmode) ?? text(env.PGSSLMODE) ?? 'prefer') as SslMode;
  if (!SSL_MODES.includes(mode)) {
    throw new ConnectionConfigError(`sslmode ${mode} is not one of ${SSL_MODES.join(', ')} (${label})`);
  }
  const caFile = opts.caFile ?? text(parsed.sslrootcert) ?? text(env.PGSSLROOTCERT);
  const ssl = sslOptions(mode, caFile, label);
  const extra: Record<string, string> = {};
  const skip = new Set(['host', 'port', 'user', 'password', 'database', 'ssl', 'sslmode', 'sslrootcert']);
  for (const [k, v] of Object.entries(parsed)) if (!skip.has(k) && typeof v === 'string' && v) extra[k] = v;
  return {
    host,
    port,
    database,
    user,
    password: given ?? (() => fromPgpass({ host, port, database, user }, env)),
    ssl,
    extra,
    label,
  };
}

function osUser(env: NodeJS.ProcessEnv): string {
  return env.USER ?? env.LOGNAME ?? 'postgres';
}

/**
 * TLS as libpq's sslmode means it. `allow` and `prefer` try nothing: pg cannot fall back from TLS to plain
 * text on one connection, and libpq's `prefer` authenticates nothing either; the other modes are as libpq's,
 * a CA file making `require` check the chain (as libpq does when a root certificate is present).
 */
function sslOptions(mode: SslMode, caFile: string | undefined, label: string): false | ConnectionOptions {
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConnectionConfigError(`the CA file ${caFile} cannot be read (${why}) for ${label}`);
    }
  }
  if (mode === 'require' && !ca) return { rejectUnauthorized: false };
  // verify-full: Node checks the name against the host pg connects to; pg sets SNI itself, never to an IP
  // address (RFC 6066: Node warns of one).
  if (mode === 'verify-full') return { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
  // verify-ca, or require with a CA: the chain is checked, the host name is not.
  return { rejectUnauthorized: true, ...(ca ? { ca } : {}), checkServerIdentity: () => undefined };
}

type PgpassModule = (connInfo: Record<string, unknown>, cb: (password: string | undefined) => void) => void;

/** The password ~/.pgpass (or PGPASSFILE) gives for this connection, as libpq finds it; undefined for none. */
function fromPgpass(
  conn: { host: string; port: number; database: string; user: string },
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const pgpass = createRequire(import.meta.url)('pgpass') as PgpassModule;
  // The module reads PGPASSFILE from process.env: a test's own environment is honoured by passing it there.
  const file = env.PGPASSFILE ?? join(env.HOME ?? homedir(), '.pgpass');
  const saved = process.env.PGPASSFILE;
  process.env.PGPASSFILE = file;
  // libpq matches `localhost` for a socket connection.
  const host = conn.host.startsWith('/') ? 'localhost' : conn.host;
  return new Promise((resolve) => {
    pgpass({ host, port: conn.port, database: conn.database, user: conn.user }, (pw) =>
      resolve(pw ?? undefined),
    );
    if (saved === undefined) delete process.env.PGPASSFILE;
    else process.env.PGPASSFILE = saved;
  });
}

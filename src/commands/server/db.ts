import type { Clock } from '../../domain/clock.js';
import { isDatabaseUrl } from '../../domain/db-location.js';
import type { Factory } from '../../kit/factory.js';
import type { IO } from '../../kit/io.js';

/** The database a server command works on: --db, then CCP_DB, then the profile's `db`, then the default. */
export async function serverDbPath(f: Factory): Promise<string> {
  const [{ resolveServerDb, defaultDbPath }, { tighten }, { dirname, resolve }] = await Promise.all([
    import('../../config/index.js'),
    import('../../domain/dirs.js'),
    import('node:path'),
  ]);
  const flag = f.globals().db;
  const g = f.globals();
  const path = await resolveServerDb({ db: flag, profile: g.profile, profileFlag: g.profileFlag }, f.io.env);
  if (flag !== undefined && isDatabaseUrl(flag)) {
    (await import('../../kit/credentials.js')).warnDbPassword(f.io, flag);
    return path;
  }
  // ccp's own data folder is the user's alone; a folder named by --db is the user's to set.
  if (path === resolve(defaultDbPath(f.io.env))) tighten(dirname(path), 0o700);
  return path;
}

export const DB_HELP =
  '--db <path|url> (a global flag; env CCP_DB; default ~/.local/share/ccp/ccp.db) names the database: a SQLite file, or a postgresql:// URL';

/** The parts of the program a server verb uses. */
export interface ServerDeps {
  io: IO;
  clock?: Clock;
  /** The global flags (the factory's): `--ca-file` for TLS to a PostgreSQL database. */
  globals?: () => { caFile?: string | undefined };
}

/** TLS to a PostgreSQL database trusts `--ca-file`, then CCP_CA_FILE (cli.md, "A team twin"). */
export function dbTls(deps: ServerDeps): { caFile?: string } {
  const caFile = deps.globals?.().caFile ?? (deps.io.env.CCP_CA_FILE || undefined);
  return caFile ? { caFile } : {};
}

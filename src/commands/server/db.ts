import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import type { Clock } from '../../domain/clock.js';

/** The database a server command works on: --db, then CCP_DB, then the default in the data directory. */
export async function serverDbPath(f: Factory): Promise<string> {
  const { resolveDb } = await import('../../config/index.js');
  return resolveDb({ db: f.globals().db }, f.io.env);
}

export const DB_HELP =
  '--db <path> (a global flag; env CCP_DB; default ~/.local/share/ccp/ccp.db) names the database';

/** The parts of the program a server verb uses. */
export interface ServerDeps {
  io: IO;
  clock?: Clock;
}

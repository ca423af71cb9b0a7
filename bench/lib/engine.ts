// The SQLite engine under the store's port, for benchmarks that build or measure SQLite databases directly
// (the same schema, indexes, foreign keys and pragmas as the server's), synchronously.
import type { Organization } from '../../src/domain/organization.js';
import { openSqliteEngine, type SqliteEngine } from '../../src/server/store/db.js';

export type { SqliteEngine };

/** Opens (making and migrating) the SQLite database at `path`, with `orgs` stored in it. */
export function sqliteDatabase(
  path: string,
  orgs: readonly (Organization & { uuid: string })[] = [],
): SqliteEngine {
  const engine = openSqliteEngine(path);
  engine.tx(() => {
    for (const o of orgs) engine.organizations.put(o, Date.now());
  });
  return engine;
}

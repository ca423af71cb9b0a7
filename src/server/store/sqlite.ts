import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite binding, one API on every Node.js line:
 * - Node 22 and later: better-sqlite3 13, built on Node-API with prebuilt binaries inside its package (no
 *   install script, no compiler). 12.x aborts at exit on Node 24 (a cleanup hook freed in ~Statement).
 * - Node 20 (end of life, still on some machines): better-sqlite3 12, as 13 crashes there. A checkout on
 *   Node 20 has it as `better-sqlite3-node20` (scripts/sqlite-node20.mjs, run by `npm ci`); the package
 *   carries a copy of its JavaScript and addon in dist/node20 (made by `npm run build` on Node 20), so an
 *   install compiles nothing.
 */
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteConstructor = typeof BetterSqlite3;

const NODE20 = Number(process.versions.node.split('.')[0]) < 22;

let loaded: { ctor: SqliteConstructor; nativeBinding?: string } | undefined;

function load(): { ctor: SqliteConstructor; nativeBinding?: string } {
  const require = createRequire(import.meta.url);
  if (!NODE20) return { ctor: require('better-sqlite3') as SqliteConstructor };
  try {
    return { ctor: require('better-sqlite3-node20') as SqliteConstructor };
  } catch {
    // An installed package: dist/node20 sits beside dist/cli, where this module is bundled.
    const dir = fileURLToPath(new URL('../node20/', import.meta.url));
    const nativeBinding = `${dir}better_sqlite3.node`;
    if (!existsSync(nativeBinding))
      throw new Error(
        `this copy of ccp has no SQLite binding for Node.js ${process.versions.node}; use Node.js 22 or later`,
      );
    return { ctor: require(`${dir}lib/index.js`) as SqliteConstructor, nativeBinding };
  }
}

/** Opens a SQLite database with the binding this Node.js line can run. */
export function openSqlite(path: string, options: BetterSqlite3.Options = {}): SqliteDatabase {
  loaded ??= load();
  const { ctor: Database, nativeBinding } = loaded;
  return new Database(path, nativeBinding ? { ...options, nativeBinding } : options);
}

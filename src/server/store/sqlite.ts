import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite binding: better-sqlite3 13, built on Node-API with prebuilt binaries inside its package (no
 * install script, no compiler). 12.x aborts at exit on Node 24 (a cleanup hook freed in ~Statement).
 */
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteConstructor = typeof BetterSqlite3;

let Database: SqliteConstructor | undefined;

/** Opens a SQLite database. The binding loads on first use: commands that never open one skip it. */
export function openSqlite(path: string, options: BetterSqlite3.Options = {}): SqliteDatabase {
  Database ??= createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;
  return new Database(path, options);
}

/**
 * A statement prepared when first used, then kept: the store has about ninety, and a command runs a few of
 * them (a first page, three), so preparing all when the store opens cost a page several times its query.
 */
export function prepared<S>(make: () => S): () => S {
  let statement: S | undefined;
  return () => (statement ??= make());
}

import BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite binding: better-sqlite3 13, built on Node-API with prebuilt binaries inside its package (no
 * install script, no compiler). 12.x aborts at exit on Node 24 (a cleanup hook freed in ~Statement).
 */
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteConstructor = typeof BetterSqlite3;

/**
 * Opens a SQLite database. The addon loads on first use; the module's JavaScript is in the bundle, loaded
 * with the store (scripts/build.mjs).
 */
export function openSqlite(path: string, options: BetterSqlite3.Options = {}): SqliteDatabase {
  return new BetterSqlite3(path, options);
}

/**
 * A statement prepared when first used, then kept: the store has about ninety, and a command runs a few of
 * them (a first page, three), so preparing all when the store opens cost a page several times its query.
 */
export function prepared<S>(make: () => S): () => S {
  let statement: S | undefined;
  return () => (statement ??= make());
}

// Where a twin lives (cli.md, "A team twin"): a `postgres://` or `postgresql://` URL names a PostgreSQL
// database, anything else a SQLite file. What is done to a file's path (made absolute, its folder made or
// tightened, its existence checked) is never done to a URL, and a URL's password is never shown.

/** True for a location that names a PostgreSQL database rather than a SQLite file. */
export function isDatabaseUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

/** True when a database URL carries a password (`postgresql://user:password@host/db`). */
export function urlHasPassword(location: string): boolean {
  return isDatabaseUrl(location) && /^[a-z]+:\/\/[^/?#@]*:[^/?#@]*@/i.test(location);
}

/**
 * The location as a message or a hint may show it: a URL without its password (the user stays, so the hint
 * runs as it is with PGPASSWORD or ~/.pgpass), a path as it is.
 */
export function shownLocation(location: string): string {
  if (!isDatabaseUrl(location)) return location;
  return location.replace(/^([a-z]+:\/\/)([^/?#@:]*):[^/?#@]*@/i, '$1$2@');
}

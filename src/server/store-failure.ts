import type { ServiceErrorDef } from '../domain/service-errors.js';
import { SERVICE_ERRORS } from '../domain/service-errors.js';
import { INTERNAL_ERROR, ServiceError } from './errors.js';
import type { Route } from './route.js';

/** decisions.md: a store failure of an operation without a section-7 error of its own. */
export const SERVICE_UNAVAILABLE: ServiceErrorDef = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  reason: 'The service is unavailable',
};

// What a client may read of a store failure: the kind, never SQL, a file path or a stack. SQLite's extended
// codes (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE, ...) are read by their primary code.
const CAUSES: Record<string, string> = {
  SQLITE_BUSY: 'database busy: another process held the write lock for longer than the 10 s wait',
  SQLITE_LOCKED: 'database busy: the table is locked',
  SQLITE_FULL: 'the disk holding the database is full',
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_IOERR: 'the database could not be read or written (I/O error)',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_NOTADB: 'the database file is not a database',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_CONSTRAINT: 'a record breaks a rule of the database',
  SQLITE_NOMEM: 'the server ran out of memory',
};

function sqliteCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** True for an error the SQLite store raised (better-sqlite3's SqliteError carries the SQLite code). */
export function isStoreFailure(err: unknown): boolean {
  return sqliteCode(err) !== undefined;
}

/** The cause of a store failure in words a client may see. */
export function storeCause(err: unknown): string {
  const code = sqliteCode(err) ?? '';
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
  return CAUSES[primary] ?? 'the database could not complete the operation';
}

/**
 * What an unexpected error answers: a store failure, the operation's own section-7 error (503 where it has
 * none) with its cause after the reason text; anything else, the operation's error or a bare 500.
 */
export function failureResponse(err: unknown, route: Route | undefined): ServiceError {
  const own = route?.failure ? SERVICE_ERRORS[route.failure] : undefined;
  if (isStoreFailure(err)) {
    const def = own ?? SERVICE_UNAVAILABLE;
    return new ServiceError(
      { ...def, reason: `${def.reason}: ${storeCause(err)}` },
      undefined,
      def === SERVICE_UNAVAILABLE ? { 'retry-after': '1' } : {},
    );
  }
  return new ServiceError(own ?? INTERNAL_ERROR);
}

/** One log line: time, method, path (never the query or headers, so never a token), error. */
export function logLine(time: number, method: string, url: string, err: unknown): string {
  const path = url.split('?')[0] ?? url;
  let what: string;
  if (err instanceof Error) {
    const code = sqliteCode(err);
    // The first frame says where an unexpected error came from, on the same line.
    const frame = code ? undefined : err.stack?.split('\n')[1]?.trim();
    what = `${err.name}${code ? ` ${code}` : ''}: ${err.message}${frame ? ` (${frame})` : ''}`;
  } else {
    what = String(err);
  }
  return `${new Date(time).toISOString()} ${method} ${path} ${what.replace(/[\r\n]+/g, ' ')}`;
}

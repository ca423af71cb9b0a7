// Errors of the command line itself. The API layer's errors live in src/api/request-errors.ts, the
// configuration's in src/config/config-error.ts; src/cli/exit-codes.ts is the one place that maps them to exit
// codes, src/cli/error-report.ts prints them.

/** A flag, argument or input the command cannot use (exit 2). */
export class UsageError extends Error {
  /** A line that tells the user what to do next. */
  readonly hint?: string;
  constructor(message: string, opts: { hint?: string } = {}) {
    super(message);
    this.name = 'UsageError';
    this.hint = opts.hint;
  }
}

/** The user interrupted the command (Ctrl-C): `Cancelled.` and exit 130. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'CancelledError';
  }
}

/** A command that already said what failed (a check of `ccp status`) and ends with this exit code. */
export class ChecksFailedError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'ChecksFailedError';
  }
}

/**
 * The usage error (exit 2) for a --db that names no database of ccp's (the store's NotCcpDatabaseError, told
 * by its name so that this module loads no server code); undefined for any other error.
 */
export function notCcpDatabase(err: unknown): UsageError | undefined {
  const e = err as { name?: string; kind?: string; path?: string; message?: string };
  // A PostgreSQL database without the tables: its message says how to make a twin there.
  if (e?.name === 'StoreError' && e.kind === 'missing') return new UsageError(String(e.message));
  if (e?.name !== 'NotCcpDatabaseError' || typeof e.path !== 'string') return undefined;
  const make = `ccp server seed --demo --db ${e.path}  (or: ccp server import FILE --db ${e.path})`;
  if (e.kind === 'foreign')
    return new UsageError(`${e.message}; it was left as it is`, {
      hint: `name ccp's database with --db, or make one at a new path: ${make}`,
    });
  return new UsageError(String(e.message), { hint: `make one: ${make}` });
}

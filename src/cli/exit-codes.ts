// Exit codes (cli.md "Exit codes"): the one place that maps ccp's typed errors to them.
import type { CommanderError } from 'commander';
import { ApiError, AuthError, NetworkError, NotFoundError, OffOriginError } from '../api/request-errors.js';
import { ConfigError } from '../config/config-error.js';
import { CancelledError, ChecksFailedError, UsageError } from '../kit/command-errors.js';

export const EXIT = {
  ok: 0,
  api: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
  /** A fault of ccp itself (sysexits EX_SOFTWARE), as bin/ccp.js exits when the CLI cannot load. */
  internal: 70,
  /** 128 + SIGINT, as shells report a command ended by Ctrl-C. */
  interrupted: 130,
} as const;

/** What an error says, as the JSON object on stderr carries it. */
export interface ErrorReport {
  code: string;
  reason: string;
  httpStatus: number | null;
  exitCode: number;
}

/**
 * What an error says, with its line for stderr. `own` shows the service's code and reason as one line
 * (escaped on a terminal, its line breaks shown as `\n` anywhere: a line break in a reason would pass for a
 * line of ccp's).
 */
export function describeError(
  err: unknown,
  own: (text: string) => string = (t) => t,
): ErrorReport & { text: string } {
  if (err instanceof CancelledError) {
    return {
      code: 'CANCELLED',
      reason: err.message,
      httpStatus: null,
      exitCode: EXIT.interrupted,
      text: err.message,
    };
  }
  if (err instanceof ChecksFailedError) {
    return {
      code: 'CHECKS_FAILED',
      reason: err.message,
      httpStatus: null,
      exitCode: err.exitCode,
      text: err.message,
    };
  }
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof OffOriginError) {
    return { code: 'USAGE', reason: err.message, httpStatus: null, exitCode: EXIT.usage, text: err.message };
  }
  if (err instanceof ApiError) {
    const exitCode =
      err instanceof AuthError ? EXIT.auth : err instanceof NotFoundError ? EXIT.notFound : EXIT.api;
    return {
      code: err.code,
      reason: err.reason,
      httpStatus: err.httpStatus,
      exitCode,
      text: `${own(err.code)} ${own(err.message)}${err.httpStatus === null ? '' : ` (HTTP ${err.httpStatus})`}`,
    };
  }
  if (err instanceof NetworkError) {
    return {
      code: err.code,
      reason: err.message,
      httpStatus: null,
      exitCode: EXIT.network,
      text: err.message,
    };
  }
  // The database a command names, at its start: unreachable (exit 5) or refusing the user (exit 3). The
  // store's message names it as host:port/database, never with a password.
  const store = err as { name?: unknown; kind?: unknown; message?: unknown } | null;
  if (store?.name === 'StoreError' && (store.kind === 'unavailable' || store.kind === 'auth')) {
    const reason = String(store.message);
    const auth = store.kind === 'auth';
    return {
      code: auth ? 'DATABASE_AUTH' : 'DATABASE_UNAVAILABLE',
      reason,
      httpStatus: null,
      exitCode: auth ? EXIT.auth : EXIT.network,
      text: reason,
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: 'INTERNAL',
    reason: message,
    httpStatus: null,
    exitCode: EXIT.internal,
    text: `internal error: ${message}`,
  };
}

/** Help and version exit 0; every other commander error (commander printed it) is a usage error. */
export function commanderExitCode(err: CommanderError): number {
  return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
}

/** The reader went away (`| head`): not an error of ours, exit 0. */
export function isBrokenPipe(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EPIPE';
}

import type { ServiceErrorDef } from '../domain/service-errors.js';
import { SERVICE_ERRORS } from '../domain/service-errors.js';
import { INTERNAL_ERROR, ServiceError } from './errors.js';
import type { Route } from './route.js';
import { isStoreError, type StoreError } from './store/port.js';

/** decisions.md: a store failure of an operation without a section-7 error of its own. */
export const SERVICE_UNAVAILABLE: ServiceErrorDef = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  reason: 'The service is unavailable',
};

/** True for an error the store raised (a StoreError, whatever the engine). */
export function isStoreFailure(err: unknown): boolean {
  return isStoreError(err);
}

/** The cause of a store failure in words a client may see: the StoreError's message is written for that. */
export function storeCause(err: unknown): string {
  return isStoreError(err) ? err.message : 'the database could not complete the operation';
}

/**
 * What an unexpected error answers: a store failure, the operation's own section-7 error (503 where it has
 * none, and always for a store that cannot be reached) with its cause after the reason text; anything else,
 * the operation's error or a bare 500.
 */
export function failureResponse(err: unknown, route: Route | undefined): ServiceError {
  const own = route?.failure ? SERVICE_ERRORS[route.failure] : undefined;
  if (isStoreFailure(err)) {
    // A store that cannot be reached at all, or refuses the server's own user, says nothing about the
    // request: 503 for every operation.
    const kind = (err as StoreError).kind;
    const gone = kind === 'unavailable' || kind === 'auth';
    const def = gone ? SERVICE_UNAVAILABLE : (own ?? SERVICE_UNAVAILABLE);
    // Retry-After where waiting may help: the database gone or busy, not a damaged file.
    const retry = def === SERVICE_UNAVAILABLE;
    return new ServiceError(
      { ...def, reason: `${def.reason}: ${storeCause(err)}` },
      undefined,
      retry ? { 'retry-after': '1' } : {},
    );
  }
  return new ServiceError(own ?? INTERNAL_ERROR);
}

/** One log line: time, method, path (never the query or headers, so never a token), error. */
export function logLine(time: number, method: string, url: string, err: unknown): string {
  const path = url.split('?')[0] ?? url;
  let what: string;
  if (err instanceof Error) {
    const code = isStoreError(err) ? err.engineCode : undefined;
    // The first frame says where an unexpected error came from, on the same line.
    const frame = code ? undefined : err.stack?.split('\n')[1]?.trim();
    what = `${err.name}${code ? ` ${code}` : ''}: ${err.message}${frame ? ` (${frame})` : ''}`;
  } else {
    what = String(err);
  }
  return `${new Date(time).toISOString()} ${method} ${path} ${what.replace(/[\r\n]+/g, ' ')}`;
}

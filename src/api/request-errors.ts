// Errors of the API layer: what went wrong with a request, nothing about how the command line shows it.
// src/cli/exit-codes.ts tells them apart by type and maps each to its exit code.
import { SERVICE_ERRORS } from '../domain/service-errors.js';

export interface ServiceErrorInit {
  code: string;
  reason: string;
  /** null when no response carried the error (a `get` that walked the listing and found nothing). */
  httpStatus: number | null;
  /** What the command acted on (a uuid, a serial, a file and line), named in the message. */
  subject?: string;
  /** A line telling the user what to check, where the command knows better than the CLI's own hints. */
  hint?: string;
}

/** Strips a leading "<CODE> " from a reason, as decisions.md's reasons start with their code. */
function reasonWithoutCode(code: string, reason: string): string {
  return reason.startsWith(`${code} `) ? reason.slice(code.length + 1) : reason;
}

/** Whether a reason already names the subject's identifier (`license <uuid>`: the uuid). */
function namesSubject(reason: string, subject: string): boolean {
  const id = subject.split(' ').at(-1) ?? subject;
  return reason.includes(id);
}

/** The service answered with an error: any statusCode other than OK, whatever the HTTP status. */
export class ApiError extends Error {
  /** The service's statusCode (`CCP-CS-001`, `UNAUTHORIZED`, ...) or `HTTP_<status>` when it sent none. */
  readonly code: string;
  /** The service's whole reason, without its leading code. */
  readonly reason: string;
  readonly httpStatus: number | null;
  readonly subject?: string;
  readonly hint?: string;
  constructor(init: ServiceErrorInit) {
    const reason = reasonWithoutCode(init.code, init.reason);
    super(init.subject && !namesSubject(reason, init.subject) ? `${reason}: ${init.subject}` : reason);
    this.name = 'ApiError';
    this.code = init.code;
    this.reason = reason;
    this.httpStatus = init.httpStatus;
    this.subject = init.subject;
    this.hint = init.hint;
  }
}

/** 401 or 403. */
export class AuthError extends ApiError {
  constructor(init: ServiceErrorInit) {
    super(init);
    this.name = 'AuthError';
  }
}

/** 404. */
export class NotFoundError extends ApiError {
  constructor(init: ServiceErrorInit) {
    super(init);
    this.name = 'NotFoundError';
  }
}

export interface NetworkErrorInit {
  /** `ECONNREFUSED`, `ENOTFOUND`, `TIMEOUT`, `ECONNRESET`... or `NETWORK`. */
  code?: string;
  /**
   * True when the request went out and its answer was lost (a timeout or reset after sending): the
   * service may have applied it. False when it never left (refused, unknown host, no route).
   */
  outcomeUnknown?: boolean;
  /** A line telling the user what to check (the CLI has its own for the common codes). */
  hint?: string;
  cause?: unknown;
}

/** The service could not be reached, or did not answer in time. */
export class NetworkError extends Error {
  readonly code: string;
  readonly outcomeUnknown: boolean;
  readonly hint?: string;
  constructor(message: string, init: NetworkErrorInit = {}) {
    super(message, { cause: init.cause });
    this.name = 'NetworkError';
    this.code = init.code ?? 'NETWORK';
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.hint = init.hint;
  }
  /** The message, as ApiError's reason, so callers can print either alike. */
  get reason(): string {
    return this.message;
  }
}

/**
 * A path that would take a request, and the profile's credentials, off the base URL's origin: refused
 * before anything is sent (exit 2, as a bad argument is).
 */
export class OffOriginError extends Error {
  constructor(
    readonly url: URL,
    readonly base: URL,
  ) {
    super(
      `refused to send a request to ${url.origin}: only ${base.origin} (the base URL) gets this profile's credentials`,
    );
    this.name = 'OffOriginError';
  }
}

/** A failed request of either kind: the service said no, or no answer came. */
export type RequestError = ApiError | NetworkError;

export function isRequestError(err: unknown): err is RequestError {
  return err instanceof ApiError || err instanceof NetworkError;
}

/**
 * The interface's 200-coded answers that a named record does not exist (cli.md, Exit codes): an unknown code,
 * and a well-formed uuid that names no organization (ccp refuses a malformed uuid before sending it).
 */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set([
  SERVICE_ERRORS.codeFetch.code,
  SERVICE_ERRORS.invalidUuid.code,
]);

/** Picks the typed error for a non-OK answer by its HTTP status, or by the code that says "no such record". */
export function serviceError(init: ServiceErrorInit): ApiError {
  if (init.httpStatus === 401 || init.httpStatus === 403) return new AuthError(init);
  if (init.httpStatus === 404 || NOT_FOUND_CODES.has(init.code)) return new NotFoundError(init);
  return new ApiError(init);
}

import type { Metadata } from '../domain/envelope.js';
import {
  reasonText,
  SERVICE_ERRORS,
  type ServiceErrorDef,
  type ServiceErrorName,
} from '../domain/service-errors.js';

/**
 * A failure the interface names: its section-7 entry. Only validation errors carry the field path in the
 * reason (decisions.md); for the others the detail is kept for the log, and the reason is the exact wording.
 */
export class ServiceError extends Error {
  readonly def: ServiceErrorDef;
  readonly detail: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    name: ServiceErrorName | ServiceErrorDef,
    detail?: string,
    headers: Record<string, string> = {},
  ) {
    const def = typeof name === 'string' ? SERVICE_ERRORS[name] : name;
    super(def === SERVICE_ERRORS.validation ? reasonText(def, detail) : reasonText(def));
    this.name = 'ServiceError';
    this.def = def;
    this.detail = detail;
    this.headers = headers;
  }

  /** A failure whose reason names what it is about after section 7's text (decisions.md: reasons say what). */
  static about(name: ServiceErrorName, what: string): ServiceError {
    const err = new ServiceError(name, what);
    err.message = reasonText(err.def, what);
    return err;
  }
}

/** For failures no section-7 entry covers: a 500 that tells nothing about the internals. */
export const INTERNAL_ERROR: ServiceErrorDef = {
  status: 500,
  code: 'INTERNAL',
  reason: 'The request could not be processed',
};

/**
 * Requests Node's HTTP parser refuses before any handler sees them (decisions.md: every error is an envelope).
 * None has a section-7 code; the names follow decisions.md's own (NOT_FOUND, PAYLOAD_TOO_LARGE).
 */
export const PROTOCOL_ERRORS = {
  badRequest: { status: 400, code: 'BAD_REQUEST', reason: 'The request could not be understood' },
  timeout: { status: 408, code: 'REQUEST_TIMEOUT', reason: 'The request took too long to arrive' },
  uriTooLong: { status: 414, code: 'URI_TOO_LONG', reason: 'The request URI is too long' },
  headersTooLarge: {
    status: 431,
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    reason: 'The request header fields are too large',
  },
} as const satisfies Record<string, ServiceErrorDef>;

// A request line longer than this, when the headers overflow, is answered as a URI too long.
const LONG_REQUEST_LINE = 8 * 1024;

/** Request line and headers past the parser's limit: 414 when the line alone is long (or unknown), else 431. */
export function headerOverflow(requestLineLength: number | undefined): ServiceErrorDef {
  return requestLineLength === undefined || requestLineLength > LONG_REQUEST_LINE
    ? PROTOCOL_ERRORS.uriTooLong
    : PROTOCOL_ERRORS.headersTooLarge;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The one place a typed error becomes the error envelope of decisions.md. */
export function errorResponse(err: ServiceError, metadata: Metadata): HttpResponse {
  return {
    status: err.def.status,
    headers: err.headers,
    body: { data: [], metadata, statusCode: err.def.code, reason: err.message },
  };
}

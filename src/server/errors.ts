import type { z } from 'zod';
import type { Metadata } from '../domain/envelope.js';
import { reasonText, SERVICE_ERRORS, type ServiceErrorDef, type ServiceErrorName } from '../domain/errors.js';

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
}

/** For failures no section-7 entry covers: a 500 that tells nothing about the internals. */
export const INTERNAL_ERROR: ServiceErrorDef = {
  status: 500,
  code: 'INTERNAL',
  reason: 'The request could not be processed',
};

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

/** `data[0].port`-style path of the first zod issue, with its message. */
export function describeIssue(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0];
  if (!issue) return prefix || 'body';
  let path = prefix;
  for (const key of issue.path) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += path ? `.${String(key)}` : String(key);
  }
  return `${path || 'body'}: ${issue.message}`;
}

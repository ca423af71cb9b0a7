// What a request is made of before it is sent: its method, how a token is sent, its envelope, and how
// --verbose shows its headers.
import { isSecretHeader, REDACTED, redactedCredential, withoutUserinfo } from '../domain/secrets.js';
import { buildMetadata, isEnvelope, type Metadata } from './envelope-shape.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export type TokenScheme = { kind: 'bearer' } | { kind: 'basic' } | { kind: 'header'; name: string };

export interface RequestOptions {
  /** Records for the request envelope's data. */
  records?: unknown[];
  /** A whole envelope (or a bare array of records), as read from a file by `ccp api`. */
  body?: unknown;
  /** The operation takes no body (PUT /license/{uuid}/{action}): none is sent, not even an empty envelope. */
  noBody?: boolean;
  metadata?: Metadata;
  query?: Record<string, string | number | boolean | undefined>;
  /** What the request acts on (`license <uuid>`), named in the error when the service refuses it. */
  subject?: string;
}

// What undici refuses in a header value, and the headers it refuses to take from a caller.
const BAD_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
const REFUSED_HEADERS = new Set(['transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

/**
 * A request's headers refused as undici refuses them (its error's code), whatever carries the request: Node's
 * own client or the embedded server in process take the same, so that the client cannot tell them apart.
 */
export function refusedHeader(headers: Record<string, string>): Error | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (BAD_HEADER_CHAR.test(value) || REFUSED_HEADERS.has(name.toLowerCase())) {
      return Object.assign(new Error(`invalid ${name} header`), { code: 'UND_ERR_INVALID_ARG' });
    }
  }
  return undefined;
}

/** The headers that carry a token under a scheme. */
export function authHeaders(token: string, scheme: TokenScheme = { kind: 'bearer' }): Record<string, string> {
  if (scheme.kind === 'header') return { [scheme.name.toLowerCase()]: token };
  if (scheme.kind === 'basic') return { authorization: `Basic ${Buffer.from(token).toString('base64')}` };
  return { authorization: `Bearer ${token}` };
}

/** A header as --verbose shows it: no part of a secret, the scheme word and a basic user name kept. */
export function traced(name: string, value: string, token: string | undefined, tokenHeader?: string): string {
  if (isSecretHeader(name) || name === tokenHeader) return redactedCredential(value);
  // A token too short to be one would match ordinary text; the header that carries it is redacted anyway.
  const shown = token && token.length >= 8 ? value.replaceAll(token, REDACTED) : value;
  return withoutUserinfo(shown);
}

/** The envelope a request sends: records or a body read from a file, over the default metadata. */
export function requestEnvelope(
  defaults: Metadata,
  opts: RequestOptions,
): { data: unknown[]; metadata: Metadata } {
  if (opts.body !== undefined) {
    if (Array.isArray(opts.body))
      return { data: opts.body, metadata: buildMetadata(defaults, opts.metadata) };
    if (isEnvelope(opts.body)) {
      return {
        ...opts.body,
        metadata: buildMetadata(defaults, { ...opts.metadata, ...opts.body.metadata }),
      };
    }
    return opts.body as { data: unknown[]; metadata: Metadata };
  }
  return { data: opts.records ?? [], metadata: buildMetadata(defaults, opts.metadata) };
}

/** Whether a request of this method carries an envelope (GET and HEAD send none). */
export function sendsBody(method: HttpMethod): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

// What came back from one request: the raw answer, and the envelope read from it.
import { isResponseEnvelope, type ResponseEnvelope } from './envelope.js';
import { serviceError } from './errors.js';

export interface Exchange<T = unknown> {
  status: number;
  headers: Record<string, string>;
  envelope: ResponseEnvelope<T>;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body's value where the transport has it without parsing the text (in process): what JSON.parse(text) gives. */
  json?: unknown;
}

export function headerMap(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export function toExchange<T>(raw: RawResponse, subject?: string): Exchange<T> {
  let parsed: unknown = raw.json;
  try {
    parsed ??= JSON.parse(raw.text);
  } catch {
    const type = raw.headers['content-type'] ?? 'no content type';
    const snippet = raw.text.replace(/\s+/g, ' ').trim().slice(0, 80);
    throw serviceError({
      code: `HTTP_${raw.status}`,
      reason: `the service answered HTTP ${raw.status} with a body that is not JSON (${type})${snippet ? `: ${snippet}` : ''}`,
      httpStatus: raw.status,
      subject,
    });
  }
  if (!isResponseEnvelope(parsed)) {
    throw serviceError({
      code: `HTTP_${raw.status}`,
      reason: `the service answered HTTP ${raw.status} with JSON that is not an envelope`,
      httpStatus: raw.status,
      subject,
    });
  }
  return { status: raw.status, headers: raw.headers, envelope: parsed as ResponseEnvelope<T> };
}

/** Throws the typed error of a non-OK envelope. */
export function throwUnlessOk(ex: Exchange<unknown>, subject?: string): void {
  const { statusCode, reason } = ex.envelope;
  if (statusCode === 'OK') return;
  throw serviceError({ code: statusCode, reason: reason ?? statusCode, httpStatus: ex.status, subject });
}

/** One request as a transport carries it. */
export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** The value `body` is the JSON text of: a transport in process may hand it over instead (server/in-process.ts). */
  json?: unknown;
  signal: AbortSignal;
  /** Called as the request is handed over: from then on the service may act on it. */
  onSent(): void;
}

/**
 * How requests reach the service: HTTP through a connection pool (transport.ts), or the embedded server's
 * handler called in process (src/cli/embedded.ts). Failures are thrown as they come; the client names them.
 */
export interface Transport {
  request(req: TransportRequest): Promise<RawResponse>;
  /** Lets the requests in flight finish, then frees what the transport holds. */
  close(): Promise<void>;
}

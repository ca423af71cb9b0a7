// What came back from one request: the raw answer, and the envelope read from it.
import type { PageLines } from './body-json.js';
import type { ResponseEnvelope } from './envelope-shape.js';
import { serviceError } from './request-errors.js';

export interface Exchange<T = unknown> {
  status: number;
  headers: Record<string, string>;
  envelope: ResponseEnvelope<T>;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /**
   * The body's value where the transport has it without parsing the whole text (in process, or a large
   * envelope read in runs): what JSON.parse(text) gives. Undefined: parse `text`.
   */
  json?: unknown;
  /**
   * The records of a listing page as NDJSON lines, where the transport has the body's bytes (pageLines).
   * Lines given take the bytes over (their commas become newlines): text and json are not to be read after.
   */
  lines?: () => PageLines | undefined;
}

export function headerMap(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** Text on one line, at most `max` characters: a body quoted in a message. */
function snippet(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** What an HTML page says: its title and first heading, else its text. */
function htmlText(html: string): string {
  const pick = (tag: string) =>
    new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(html)?.[1]?.replace(/<[^>]+>/g, ' ');
  const title = pick('title');
  const heading = pick('h1');
  const parts = [title, heading]
    .map((p) => (p ? snippet(p) : ''))
    .filter((p, i, all) => p && all.indexOf(p) === i);
  if (parts.length > 0) return parts.join(': ');
  return snippet(html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' '));
}

/**
 * What an error body says, whatever its shape: Spring Boot's error attributes (`error`, `message`, `path`),
 * RFC 9457 problem details (`title`, `detail`, `instance`), or any JSON object with a message; undefined
 * when the value says nothing a person could read.
 */
function jsonErrorText(body: Record<string, unknown>): string | undefined {
  const title = str(body.title) ?? str(body.error);
  const detail = str(body.detail) ?? str(body.message) ?? str(body.reason) ?? str(body.error_description);
  const where = str(body.instance) ?? str(body.path);
  const parts = [title, detail && detail !== title ? detail : undefined].filter(Boolean);
  if (parts.length === 0 && !where) return undefined;
  const text = parts.length > 0 ? parts.join(': ') : 'no message';
  return where ? `${text} (${where})` : text;
}

/** The error of an answer that is no envelope: it quotes what the body says, typed by the HTTP status. */
function bodyError(raw: RawResponse, parsed: unknown, isJson: boolean, subject?: string): Error {
  const type = raw.headers['content-type'] ?? '';
  const status = `HTTP ${raw.status}`;
  let said: string;
  let code = `HTTP_${raw.status}`;
  if (isJson && parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const body = parsed as Record<string, unknown>;
    said = jsonErrorText(body) ?? `JSON that says no more: ${snippet(JSON.stringify(body))}`;
    const named = str(body.code) ?? str(body.errorCode);
    if (named) code = named;
  } else if (raw.text.trim() === '') {
    said = 'the service answered with an empty body';
  } else if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(raw.text)) {
    said = `an HTML page: ${htmlText(raw.text)}`;
  } else {
    said = snippet(raw.text);
  }
  return serviceError({
    code,
    reason: raw.status >= 200 && raw.status < 300 ? `the service answered ${status} with ${said}` : said,
    httpStatus: raw.status,
    subject,
  });
}

/**
 * The envelope of an answer, read tolerantly (decisions.md, "read tolerantly"): `data` null or absent is
 * an empty page, `metadata` may be null, and an error's text may be in `message` or `error` instead of
 * `reason`. Any other body is an error quoting what it says.
 */
export function toExchange<T>(raw: RawResponse, subject?: string): Exchange<T> {
  let parsed: unknown = raw.json;
  let isJson = parsed !== undefined;
  if (!isJson) {
    try {
      parsed = JSON.parse(raw.text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  const body = isJson && parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  const statusCode = body && str((body as { statusCode?: unknown }).statusCode);
  const data = body && (body as { data?: unknown }).data;
  if (!body || !statusCode || (data !== undefined && data !== null && !Array.isArray(data))) {
    throw bodyError(raw, parsed, isJson, subject);
  }
  const e = body as Record<string, unknown>;
  const text =
    statusCode === 'OK' || str(e.reason) ? undefined : (str(e.message) ?? str(e.error) ?? str(e.detail));
  // The answer is copied only where it differs from an envelope (an answer handed in process stays as it was).
  const envelope = (Array.isArray(data) && text === undefined
    ? e
    : {
        ...e,
        data: Array.isArray(data) ? data : [],
        ...(text === undefined ? {} : { reason: text }),
      }) as unknown as ResponseEnvelope<T>;
  return { status: raw.status, headers: raw.headers, envelope };
}

/** Throws the typed error of a non-OK envelope. */
export function throwUnlessOk(ex: Exchange<unknown>, subject?: string): void {
  const { statusCode, reason } = ex.envelope;
  if (statusCode === 'OK') return;
  throw serviceError({ code: statusCode, reason: reason ?? statusCode, httpStatus: ex.status, subject });
}

/** TLS settings for an https:// target (files already read). */
export interface TlsOptions {
  /** PEM certificate authorities trusted besides the runtime's own (and the system's, where offered). */
  ca?: string;
  cert?: string;
  key?: string;
  /** Skips verification of the service's certificate. */
  insecure?: boolean;
}

/** One request as a transport carries it. */
export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body's text, made when first read. */
  readonly body: string | undefined;
  /** The value `body` is the JSON text of: a transport in process may hand it over instead (server/in-process.ts). */
  json?: unknown;
  signal: AbortSignal;
  /** Called as the request is handed over: from then on the service may act on it. */
  onSent(): void;
}

/**
 * How requests reach the service: HTTP through a connection pool (transport.ts), or the embedded server's
 * handler called in process (in-process-transport.ts). Failures are thrown as they come; the client names them.
 */
export interface Transport {
  request(req: TransportRequest): Promise<RawResponse>;
  /** Lets the requests in flight finish, then frees what the transport holds. */
  close(): Promise<void>;
}

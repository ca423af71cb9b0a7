import { Agent, errors as undiciErrors, request as undiciRequest } from 'undici';
import {
  buildMetadata,
  isEnvelope,
  isResponseEnvelope,
  type Metadata,
  type ResponseEnvelope,
} from './envelope.js';
import { NetworkError, serviceError } from './errors.js';
import { type PageOptions, paginate } from './paginate.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface ApiClientOptions {
  baseUrl: string;
  token?: string;
  timeZone: string;
  orgUuid?: string;
  userUuid?: string;
  timeoutMs: number;
  userAgent: string;
  /** Retries after the first try, for GET and PUT on network errors and 502/503/504. */
  retries?: number;
  /** Backoff base and cap in ms: the nth retry waits random() * min(cap, base * 2^n) ("full jitter"). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Receives the --verbose trace, one line at a time. */
  trace?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface RequestOptions {
  /** Records for the request envelope's data. */
  records?: unknown[];
  /** A whole envelope (or a bare array of records), as read from a file by `ccp api`. */
  body?: unknown;
  metadata?: Metadata;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface Exchange<T = unknown> {
  status: number;
  headers: Record<string, string>;
  envelope: ResponseEnvelope<T>;
}

const RETRY_STATUS = new Set([502, 503, 504]);
// Only the interface's idempotent methods are retried; a POST may have been applied before the failure.
const RETRIED = new Set<string>(['GET', 'PUT']);

/** `Bearer ccp_…abcd`: enough to tell tokens apart, never enough to use one. */
export function redactToken(token: string): string {
  const prefix = token.startsWith('ccp_') ? 'ccp_' : '';
  return `${prefix}…${token.length > 8 ? token.slice(-4) : ''}`;
}

function headerMap(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

class RetryableStatus extends Error {
  constructor(readonly exchange: RawResponse) {
    super(`HTTP ${exchange.status}`);
  }
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

export class ApiClient {
  private readonly agent: Agent;
  private readonly base: URL;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly opts: ApiClientOptions) {
    this.base = new URL(opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
    this.retries = opts.retries ?? 3;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? (() => performance.now());
  }

  get baseUrl(): string {
    return this.base.toString();
  }

  /** The envelope of an OK answer; any other statusCode (whatever the HTTP status) throws a typed error. */
  async request<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Exchange<T>> {
    const ex = await this.exchange<T>(method, path, opts);
    throwUnlessOk(ex);
    return ex;
  }

  /** One exchange, whatever its statusCode; throws only when no envelope came back. */
  async exchange<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Exchange<T>> {
    return toExchange<T>(await this.send(method, path, opts));
  }

  /** One exchange as raw text (with retries), for `ccp api` on paths that answer something else than an envelope. */
  async send(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<RawResponse> {
    const url = this.url(path, opts.query);
    const body = sendsBody(method) ? JSON.stringify(this.envelope(opts)) : undefined;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent,
      time_zone: this.opts.timeZone,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`;

    const attempts = RETRIED.has(method) ? this.retries + 1 : 1;
    for (let attempt = 0; ; attempt++) {
      try {
        const raw = await this.once(method, url, headers, body);
        if (RETRY_STATUS.has(raw.status) && attempt + 1 < attempts) throw new RetryableStatus(raw);
        return raw;
      } catch (err) {
        const retryable = err instanceof RetryableStatus || err instanceof NetworkError;
        if (!retryable || attempt + 1 >= attempts) throw err;
        const delay = Math.round(
          this.random() *
            Math.min(this.opts.backoffCapMs ?? 4000, (this.opts.backoffBaseMs ?? 200) * 2 ** attempt),
        );
        this.opts.trace?.(
          `* retry ${attempt + 1}/${attempts - 1} in ${delay} ms (${(err as Error).message})`,
        );
        await this.sleep(delay);
      }
    }
  }

  /** Pages of a paged listing (`<path>/<pageNo>?pageSize=N`), record by record. */
  paginate<T = unknown>(path: string, opts: PageOptions): AsyncGenerator<T> {
    return paginate<T>(async (pageNo, pageSize) => {
      const ex = await this.request<T>('GET', `${path.replace(/\/$/, '')}/${pageNo}`, {
        query: { pageSize },
      });
      const total = Number(ex.headers['x-total-count']);
      return { records: ex.envelope.data, total: Number.isFinite(total) ? total : undefined };
    }, opts);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private url(path: string, query?: RequestOptions['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.base);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  private envelope(opts: RequestOptions): { data: unknown[]; metadata: Metadata } {
    return requestEnvelope({ orgUuid: this.opts.orgUuid, userUuid: this.opts.userUuid }, opts);
  }

  private async once(
    method: HttpMethod,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<RawResponse> {
    const trace = this.opts.trace;
    const started = this.now();
    if (trace) {
      trace(`> ${method} ${url.toString()}`);
      for (const [k, v] of Object.entries(headers)) {
        trace(`> ${k}: ${k === 'authorization' ? `Bearer ${redactToken(this.opts.token ?? '')}` : v}`);
      }
      if (body !== undefined) trace(`> (${Buffer.byteLength(body)} bytes)`);
    }
    try {
      const res = await undiciRequest(url, {
        method,
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      const text = await res.body.text();
      const h = headerMap(res.headers);
      if (trace) {
        trace(`< ${res.statusCode} (${Math.round(this.now() - started)} ms)`);
        for (const [k, v] of Object.entries(h)) trace(`< ${k}: ${v}`);
      }
      return { status: res.statusCode, headers: h, text };
    } catch (err) {
      const net = toNetworkError(err, url, this.opts.timeoutMs);
      trace?.(`< ${net.code}: ${net.message} (${Math.round(this.now() - started)} ms)`);
      throw net;
    }
  }
}

function toNetworkError(err: unknown, url: URL, timeoutMs: number): NetworkError {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    err instanceof undiciErrors.HeadersTimeoutError
  ) {
    return new NetworkError(`no answer from ${url.origin} within ${timeoutMs} ms`, {
      code: 'TIMEOUT',
      cause: err,
    });
  }
  const code = e?.code ?? e?.cause?.code;
  const what =
    code === 'ECONNREFUSED'
      ? `connection refused by ${url.origin}`
      : code === 'ENOTFOUND'
        ? `host not found: ${url.hostname}`
        : `cannot reach ${url.origin}: ${e?.message ?? String(err)}`;
  return new NetworkError(what, { code: code ?? 'NETWORK', cause: err });
}

function toExchange<T>(raw: RawResponse): Exchange<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.text);
  } catch {
    const type = raw.headers['content-type'] ?? 'no content type';
    const snippet = raw.text.replace(/\s+/g, ' ').trim().slice(0, 80);
    throw serviceError({
      code: `HTTP_${raw.status}`,
      reason: `the service answered HTTP ${raw.status} with a body that is not JSON (${type})${snippet ? `: ${snippet}` : ''}`,
      httpStatus: raw.status,
    });
  }
  if (!isResponseEnvelope(parsed)) {
    throw serviceError({
      code: `HTTP_${raw.status}`,
      reason: `the service answered HTTP ${raw.status} with JSON that is not an envelope`,
      httpStatus: raw.status,
    });
  }
  return { status: raw.status, headers: raw.headers, envelope: parsed as ResponseEnvelope<T> };
}

/** Throws the typed error of a non-OK envelope. */
export function throwUnlessOk(ex: Exchange<unknown>): void {
  const { statusCode, reason } = ex.envelope;
  if (statusCode === 'OK') return;
  throw serviceError({ code: statusCode, reason: reason ?? statusCode, httpStatus: ex.status });
}

import { monotonicMs } from '../domain/clock.js';
import { withoutUserinfo } from '../domain/secrets.js';
import { AnsweredPage } from './answered-page.js';
import { directHttpTransport, goesDirect } from './direct-http.js';
import type { Metadata } from './envelope-shape.js';
import {
  type Exchange,
  type RawResponse,
  type TlsOptions,
  type Transport,
  type TransportRequest,
  throwUnlessOk,
  toExchange,
} from './exchange.js';
import {
  clientCertAnswer,
  type FailureContext,
  isLoopback,
  proxyAnswer,
  toNetworkError,
} from './network-failures.js';
import { type Listing, type PageOptions, paginate } from './paginate.js';
import { ApiError, NetworkError, OffOriginError } from './request-errors.js';
import {
  authHeaders,
  type HttpMethod,
  type RequestOptions,
  refusedHeader,
  requestEnvelope,
  sendsBody,
  type TokenScheme,
  traced,
} from './request-parts.js';

export {
  authHeaders,
  type Exchange,
  type HttpMethod,
  type RawResponse,
  type RequestOptions,
  requestEnvelope,
  sendsBody,
  type TlsOptions,
  type TokenScheme,
  type Transport,
  throwUnlessOk,
};

/** How the token is sent: `Authorization: Bearer`, `Authorization: Basic` of `user:password`, or a header. */

export interface ApiClientOptions {
  baseUrl: string;
  token?: string;
  /** Default bearer. */
  authScheme?: TokenScheme;
  /** Added to every request (-H, profile `headers`); the token's header wins over one of the same name. */
  headers?: Array<[string, string]>;
  tls?: TlsOptions;
  timeZone: string;
  orgUuid?: string;
  userUuid?: string;
  /** Per attempt; all the attempts of one request end within twice this. */
  timeoutMs: number;
  userAgent: string;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read for a remote target; none: no proxy. */
  env?: NodeJS.ProcessEnv;
  /**
   * How requests reach the service: the embedded server's, or connectTransport's made before the client;
   * none: connectTransport's, with the first request.
   */
  transport?: Transport | Promise<Transport>;
  /** Aborts whatever is in flight (Ctrl-C); the request then fails with a NetworkError coded CANCELLED. */
  signal?: AbortSignal;
  /** Called as a request starts; the function it returns, as it ends (the CLI's spinner). */
  pending?: () => () => void;
  /**
   * Retries after the first try, for GET and PUT on 502/503/504 and on a dropped connection; never after
   * a timeout, a refused connection or an unknown host, and never past twice the timeout.
   */
  retries?: number;
  /** Backoff base and cap in ms: the nth retry waits random() * min(cap, base * 2^n) ("full jitter"). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /**
   * Page requests kept in flight by a listing walk when X-Total-Count gives its length (paginate.ts);
   * 1 or none: one page at a time.
   */
  parallel?: number;
  /** Receives the --verbose trace, one line at a time. */
  trace?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const RETRY_STATUS = new Set([502, 503, 504]);
// A timeout already cost the user a whole timeout; refused and unknown hosts will not change in a second.
const NOT_RETRIED = new Set([
  'TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'CANCELLED',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// A TLS or proxy failure is a setting to change, not a moment to wait out.
const notRetried = (code: string) => NOT_RETRIED.has(code) || code.startsWith('TLS') || code === 'PROXY';
// Only the interface's idempotent methods are retried; a POST may have been applied before the failure.
const RETRIED = new Set<string>(['GET', 'PUT']);

/**
 * How requests reach a remote service at `base`, decided here alone: Node's own client for one that
 * `goesDirect` (direct-http.ts), else undici (transport.ts, loaded only then).
 */
export async function connectTransport(
  base: URL,
  env: NodeJS.ProcessEnv | undefined,
  tls?: TlsOptions,
  timeoutMs?: number,
): Promise<Transport> {
  if (goesDirect(base, env)) return directHttpTransport(timeoutMs);
  return (await import('./transport.js')).httpTransport(base, env, tls, timeoutMs);
}

/**
 * A request as a transport gets it, its body's text made when first read. The getter is the class's, shared:
 * a getter of an object literal is a closure in that object's hidden class, in old space, and would hold
 * what the request's scope holds (a listing's pages, each promoted) until a full collection.
 */
class OutgoingRequest implements TransportRequest {
  constructor(
    readonly method: string,
    readonly url: URL,
    readonly headers: Record<string, string>,
    private readonly text: (() => string) | undefined,
    readonly json: unknown,
    readonly signal: AbortSignal,
    readonly onSent: () => void,
  ) {}
  get body(): string | undefined {
    return this.text?.();
  }
}

export class ApiClient {
  private transport: Promise<Transport> | undefined;
  private readonly base: URL;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly opts: ApiClientOptions) {
    this.base = new URL(opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
    this.transport = opts.transport && Promise.resolve(opts.transport);
    this.retries = opts.retries ?? 3;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? monotonicMs;
  }

  get baseUrl(): string {
    return this.base.toString();
  }

  /** Whether requests carry a token (a 401's hint says where it came from, or that none was sent). */
  get sendsToken(): boolean {
    return this.opts.token !== undefined && this.opts.token !== '';
  }

  /** The envelope of an OK answer; any other statusCode (whatever the HTTP status) throws a typed error. */
  async request<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Exchange<T>> {
    const ex = await this.exchange<T>(method, path, opts);
    throwUnlessOk(ex, opts.subject);
    return ex;
  }

  /** One exchange, whatever its statusCode; throws only when no envelope came back. */
  async exchange<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Exchange<T>> {
    return toExchange<T>(await this.send(method, path, opts), opts.subject);
  }

  /** One exchange as raw text (with retries), for `ccp api` on paths that answer something else than an envelope. */
  async send(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<RawResponse> {
    const url = this.url(path, opts.query);
    // Whatever the path looked like (a URL with a space before it, `http:\\host`), the token and the -H
    // headers go to the base URL's origin alone.
    if (url.origin !== this.base.origin) throw new OffOriginError(url, this.base);
    const json = sendsBody(method) && !opts.noBody ? this.envelope(opts) : undefined;
    // The text made when first read: a service in process takes the value and may never need it.
    let text: string | undefined;
    const body = json === undefined ? undefined : () => (text ??= JSON.stringify(json));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent,
      time_zone: this.opts.timeZone,
    };
    if (json !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of this.opts.headers ?? []) headers[name.toLowerCase()] = value;
    if (this.opts.token) Object.assign(headers, authHeaders(this.opts.token, this.opts.authScheme));

    const attempts = RETRIED.has(method) ? this.retries + 1 : 1;
    const deadline = this.now() + 2 * this.opts.timeoutMs;
    const done = this.opts.pending?.();
    try {
      for (let attempt = 1; ; attempt++) {
        let failure: RawResponse | NetworkError;
        try {
          failure = await this.once(method, url, headers, body, json);
          if (!RETRY_STATUS.has(failure.status)) return failure;
        } catch (err) {
          if (!(err instanceof NetworkError)) throw err;
          failure = err;
        }
        const delay = this.backoff(attempt);
        const retry =
          attempt < attempts &&
          (!(failure instanceof NetworkError) || !notRetried(failure.code)) &&
          // A retry starts only when a whole timeout still fits in twice the timeout.
          this.now() + delay + this.opts.timeoutMs <= deadline;
        if (!retry) {
          if (failure instanceof NetworkError) throw failure;
          return failure;
        }
        const why = failure instanceof NetworkError ? failure.message : `HTTP ${failure.status}`;
        this.opts.trace?.(`* retry ${attempt}/${attempts - 1} in ${delay} ms (${withoutUserinfo(why)})`);
        await this.sleep(delay);
      }
    } finally {
      done?.();
    }
  }

  /** Full jitter: the nth retry waits random() * min(cap, base * 2^(n-1)). */
  private backoff(attempt: number): number {
    const cap = this.opts.backoffCapMs ?? 4000;
    return Math.round(this.random() * Math.min(cap, (this.opts.backoffBaseMs ?? 200) * 2 ** (attempt - 1)));
  }

  /** Pages of a paged listing (`<path>/<pageNo>?pageSize=N`), record by record. */
  paginate<T = unknown>(path: string, opts: PageOptions): Listing<T> {
    return paginate<T>(
      async (pageNo, pageSize) => {
        const raw = await this.send('GET', `${path.replace(/\/$/, '')}/${pageNo}`, { query: { pageSize } });
        return new AnsweredPage<T>(raw, opts.raw ?? false);
      },
      { parallel: this.opts.parallel, ...opts },
    );
  }

  async close(): Promise<void> {
    const transport = this.transport;
    this.transport = undefined;
    await (await transport)?.close();
  }

  private connect(): Promise<Transport> {
    this.transport ??= connectTransport(this.base, this.opts.env, this.opts.tls, this.opts.timeoutMs);
    return this.transport;
  }

  /** The proxy a remote target's requests go through, when one is set (NO_PROXY is undici's to apply). */
  private proxy(): FailureContext['proxy'] {
    const env = this.opts.env;
    // The embedded server's address is a loopback name (embedded.localhost) too.
    if (!env || isLoopback(this.base.hostname)) return undefined;
    const variable = this.base.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
    const value = env[variable.toLowerCase()] || env[variable];
    if (!value || !URL.canParse(value)) return undefined;
    return { url: new URL(value), variable };
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
    body: (() => string) | undefined,
    json?: unknown,
  ): Promise<RawResponse> {
    const { timeoutMs } = this.opts;
    const trace = this.opts.trace;
    const started = this.now();
    const scheme = this.opts.authScheme;
    const tokenHeader = scheme?.kind === 'header' ? scheme.name.toLowerCase() : 'authorization';
    if (trace) {
      trace(`> ${method} ${withoutUserinfo(url.toString())}`);
      for (const [k, v] of Object.entries(headers)) {
        trace(`> ${k}: ${traced(k, v, this.opts.token, tokenHeader)}`);
      }
      if (body !== undefined) trace(`> (${Buffer.byteLength(body())} bytes)`);
    }
    // Loaded before the clock starts: a first request's timeout is the service's, not the module loading's.
    const transport = await this.connect();
    const user = this.opts.signal;
    const timeout = AbortSignal.timeout(timeoutMs);
    let sent = false;
    try {
      if (user?.aborted) throw user.reason;
      // Refused before anything is sent, on every transport alike.
      const invalid = refusedHeader(headers);
      if (invalid) throw invalid;
      const res = await transport.request(
        new OutgoingRequest(
          method,
          url,
          headers,
          body,
          json,
          user ? AbortSignal.any([user, timeout]) : timeout,
          () => {
            sent = true;
          },
        ),
      );
      if (trace) {
        trace(`< ${res.status} (${Math.round(this.now() - started)} ms)`);
        for (const [k, v] of Object.entries(res.headers))
          trace(`< ${k}: ${traced(k, v, this.opts.token, tokenHeader)}`);
      }
      const refused = proxyAnswer(res, { url, proxy: this.proxy() }) ?? clientCertAnswer(res, url);
      if (refused) throw refused;
      return res;
    } catch (err) {
      // An answer refused as it was read (too deeply nested) is the service's: no network failure.
      if (err instanceof NetworkError || err instanceof ApiError) throw err;
      const net = toNetworkError(err, {
        proxy: this.proxy(),
        url,
        method,
        timeoutMs,
        sent,
        cancelled: user?.aborted === true,
      });
      trace?.(`< ${net.code}: ${withoutUserinfo(net.message)} (${Math.round(this.now() - started)} ms)`);
      throw net;
    }
  }
}

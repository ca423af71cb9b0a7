// How requests reach the service: the connection pool (through an environment proxy for remote targets),
// knowing whether a request went out before it failed, and what each failure is called.
import { Agent, type Dispatcher, EnvHttpProxyAgent, errors as undiciErrors } from 'undici';
import { NetworkError } from './errors.js';

const POOL = { keepAliveTimeout: 10_000, connections: 8 } as const;

/** localhost, 127.0.0.0/8 and ::1: the embedded server and local test services, never proxied. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/**
 * The connection pool for a base URL. A remote target goes through HTTPS_PROXY / HTTP_PROXY unless
 * NO_PROXY names it (curl's variables, lower case first); a loopback target always goes direct.
 */
export function createDispatcher(base: URL, env: NodeJS.ProcessEnv | undefined): Dispatcher {
  if (!env || isLoopback(base.hostname)) return new Agent(POOL);
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || '';
  // Empty strings, not undefined: undici would otherwise read process.env behind the caller's back.
  return new EnvHttpProxyAgent({
    ...POOL,
    httpProxy: pick('http_proxy'),
    httpsProxy: pick('https_proxy'),
    noProxy: pick('no_proxy'),
  });
}

/**
 * The dispatcher for one request, and whether that request was handed to an open connection: undici
 * calls a handler's onConnect (onRequestStart in its newer API) just before writing the request.
 */
export function tracked(dispatcher: Dispatcher): { dispatcher: Dispatcher; sent: () => boolean } {
  let sent = false;
  const mark =
    (fn: (...args: unknown[]) => unknown, self: object) =>
    (...args: unknown[]) => {
      sent = true;
      return fn.apply(self, args);
    };
  const composed = dispatcher.compose(
    (dispatch) => (opts, handler) =>
      dispatch(
        opts,
        new Proxy(handler, {
          get(target, prop) {
            const value = Reflect.get(target, prop) as unknown;
            if (typeof value !== 'function') return value;
            const fn = value as (...args: unknown[]) => unknown;
            return prop === 'onConnect' || prop === 'onRequestStart' ? mark(fn, target) : fn.bind(target);
          },
        }),
      ),
  );
  return { dispatcher: composed, sent: () => sent };
}

/** `500 ms`, `2 s`, `2 min`: a timeout as a person reads it. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Codes of failures that happen before a request can leave: retrying or waiting changes nothing. */
const NOT_REACHED: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

export interface FailureContext {
  url: URL;
  method: string;
  timeoutMs: number;
  /** Whether the request was written to a connection before it failed. */
  sent: boolean;
  /** The user's Ctrl-C, when that is what stopped it. */
  cancelled: boolean;
}

/** The NetworkError for an undici failure, saying whether the service may have acted on the request. */
export function toNetworkError(err: unknown, c: FailureContext): NetworkError {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  const unknown = c.sent && c.method !== 'GET' && c.method !== 'HEAD';
  const applied = unknown ? '; the request was sent, so the service may have applied it' : '';
  if (c.cancelled) {
    return new NetworkError(`request to ${c.url.origin} cancelled${applied}`, {
      code: 'CANCELLED',
      outcomeUnknown: c.sent,
      cause: err,
    });
  }
  if (code !== undefined && NOT_REACHED[code] && !c.sent) {
    return new NetworkError(`cannot connect to ${c.url.origin}: ${NOT_REACHED[code]}`, { code, cause: err });
  }
  const timedOut =
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError;
  if (timedOut) {
    return new NetworkError(
      `no answer from ${c.url.origin} within ${formatDuration(c.timeoutMs)}${applied}`,
      {
        code: 'TIMEOUT',
        outcomeUnknown: c.sent,
        cause: err,
      },
    );
  }
  const what = c.sent
    ? `the connection to ${c.url.origin} closed before an answer came${applied}`
    : `cannot reach ${c.url.origin}: ${e?.message ?? String(err)}`;
  return new NetworkError(what, { code: code ?? 'NETWORK', outcomeUnknown: c.sent, cause: err });
}

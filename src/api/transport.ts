// How requests reach a service over HTTP: the connection pool (through an environment proxy for remote
// targets), knowing whether a request went out before it failed. Loaded only when a request goes over HTTP.
import { Agent, type Dispatcher, EnvHttpProxyAgent, request } from 'undici';
import { headerMap, type Transport } from './exchange.js';

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
 * The dispatcher for one request, calling `onSent` when that request is handed to an open connection:
 * undici calls a handler's onConnect (onRequestStart in its newer API) just before writing the request.
 */
export function tracked(dispatcher: Dispatcher, onSent: () => void): Dispatcher {
  const mark =
    (fn: (...args: unknown[]) => unknown, self: object) =>
    (...args: unknown[]) => {
      onSent();
      return fn.apply(self, args);
    };
  return dispatcher.compose(
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
}

/** Requests over HTTP to a base URL, through the pool createDispatcher gives. */
export function httpTransport(base: URL, env: NodeJS.ProcessEnv | undefined): Transport {
  const agent = createDispatcher(base, env);
  return {
    async request(r) {
      const res = await request(r.url, {
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        body: r.body,
        dispatcher: tracked(agent, r.onSent),
        signal: r.signal,
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: headerMap(res.headers), text };
    },
    close: () => agent.close(),
  };
}

// How requests reach a service over HTTP: the connection pool (through an environment proxy for remote
// targets), knowing whether a request went out before it failed. Loaded only when a request goes over HTTP.
import { readFileSync } from 'node:fs';
import type * as Tls from 'node:tls';
import { Agent, type Dispatcher, EnvHttpProxyAgent, request } from 'undici';
import { readAnswer } from './answer-bytes.js';
import type { TlsOptions, Transport } from './exchange.js';
import { isLoopback } from './network-failures.js';

const POOL = { keepAliveTimeout: 10_000, connections: 8 } as const;

/**
 * The connection pool for a base URL. A remote target goes through HTTPS_PROXY / HTTP_PROXY unless
 * NO_PROXY names it (curl's variables, lower case first); a loopback target always goes direct.
 * `connectTimeoutMs` bounds making a connection, its TLS handshake included (--timeout): undici acts on a
 * request's abort only once its connection is made, so without it a handshake never answered would take
 * undici's own 10 s whatever the request's time limit.
 */
export function createDispatcher(
  base: URL,
  env: NodeJS.ProcessEnv | undefined,
  tlsOptions: TlsOptions = {},
  connectTimeoutMs?: number,
): Dispatcher {
  const limit = connectTimeoutMs === undefined ? {} : { timeout: connectTimeoutMs };
  const connect = { ...connectOptions(base, tlsOptions), ...limit };
  if (!env || isLoopback(base.hostname)) return new Agent({ ...POOL, connect });
  const proxy = proxyFor(env);
  // Empty strings, not undefined: undici would otherwise read process.env behind the caller's back.
  return new EnvHttpProxyAgent({
    ...POOL,
    connect,
    // Through a tunnel the service's TLS is the request's, not the proxy's; the proxy's connection has the
    // same time limit.
    requestTls: connect,
    proxyTls: limit,
    // An http:// target goes to the proxy as an absolute-URI request, as curl and browsers send it;
    // proxies commonly allow CONNECT to port 443 only.
    proxyTunnel: base.protocol === 'https:',
    httpProxy: proxy.http,
    httpsProxy: proxy.https,
    noProxy: proxy.noProxy,
  } as EnvHttpProxyAgent.Options);
}

/** The proxy variables as curl reads them (lower case first); empty when unset. */
export function proxyFor(env: NodeJS.ProcessEnv): { http: string; https: string; noProxy: string } {
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || '';
  return { http: pick('http_proxy'), https: pick('https_proxy'), noProxy: pick('no_proxy') };
}

/**
 * The TLS side of a connection. Where the runtime can read the system's trust store
 * (tls.getCACertificates, Node 22.15 and 23.5 on), its authorities join the runtime's own, so a corporate CA
 * installed on the machine is trusted as curl trusts it; a CA file is added to those. On a runtime without
 * it, the runtime's defaults stand, and a CA file joins its bundled roots and NODE_EXTRA_CA_CERTS's.
 */
function connectOptions(base: URL, o: TlsOptions): Tls.ConnectionOptions | undefined {
  if (base.protocol !== 'https:') return undefined;
  // Loaded here, for https only: node:tls brings node:crypto and OpenSSL's set-up, on Node 24 about half
  // of a bare `node -e 0` (undici loads it on its own only when it opens a TLS connection).
  const tls = process.getBuiltinModule('node:tls') as typeof Tls;
  const context: Tls.SecureContextOptions = {};
  const system = systemAuthorities(tls);
  if (system || o.ca) context.ca = [...(system ?? runtimeAuthorities(tls)), ...(o.ca ? [o.ca] : [])];
  if (o.cert) context.cert = o.cert;
  if (o.key) context.key = o.key;
  const out: Tls.ConnectionOptions = {};
  // One context for every connection: parsing some hundred authorities per connection would cost each one.
  if (Object.keys(context).length > 0) out.secureContext = tls.createSecureContext(context);
  if (o.insecure) out.rejectUnauthorized = false;
  return Object.keys(out).length > 0 ? out : undefined;
}

type CaReader = (kind: 'default' | 'system') => string[];

/**
 * The runtime's default authorities (its bundled roots and NODE_EXTRA_CA_CERTS's) and the system store's,
 * or undefined where the runtime cannot list them.
 */
function systemAuthorities(tls: typeof Tls): string[] | undefined {
  const read = (tls as { getCACertificates?: CaReader }).getCACertificates;
  if (typeof read !== 'function') return undefined;
  let system: string[] = [];
  try {
    system = read('system');
  } catch {
    // A machine without a readable store still has the runtime's own.
  }
  return [...read('default'), ...system];
}

/**
 * What the runtime trusts by default where it cannot list it: its bundled roots and the file
 * NODE_EXTRA_CA_CERTS names (the process's own variable, as the runtime reads it, not a command's
 * environment). An unreadable file is left out, as the runtime leaves it out with a warning.
 */
function runtimeAuthorities(tls: typeof Tls): string[] {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (!extra) return [...tls.rootCertificates];
  try {
    return [...tls.rootCertificates, readFileSync(extra, 'utf8')];
  } catch {
    return [...tls.rootCertificates];
  }
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
export function httpTransport(
  base: URL,
  env: NodeJS.ProcessEnv | undefined,
  tlsOptions?: TlsOptions,
  connectTimeoutMs?: number,
): Transport {
  const agent = createDispatcher(base, env, tlsOptions, connectTimeoutMs);
  return {
    async request(r) {
      const res = await request(r.url, {
        method: r.method as Dispatcher.HttpMethod,
        headers: r.headers,
        body: r.body,
        dispatcher: tracked(agent, r.onSent),
        signal: r.signal,
      });
      return readAnswer(r.url, res.statusCode, res.headers, res.body);
    },
    close: () => agent.close(),
  };
}

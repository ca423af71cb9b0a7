// How requests reach a service over HTTP: the connection pool (through an environment proxy for remote
// targets), knowing whether a request went out before it failed. Loaded only when a request goes over HTTP.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type * as Tls from 'node:tls';
import { Agent, type Dispatcher, EnvHttpProxyAgent, request } from 'undici';
import { bytesTooDeepAt, MAX_DEPTH, valueTooDeep } from '../domain/depth.js';
import { pageLines, parseEnvelope } from './body-json.js';
import { headerMap, type TlsOptions, type Transport } from './exchange.js';
import { isLoopback } from './network-failures.js';
import { ApiError } from './request-errors.js';

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

/**
 * The most ccp reads of one answer: a listing page of 1,000 records is some MB; the largest answer ccp
 * expects is a report download, its file in base64 (a 1,000,000-device CSV or PDF report of the twin is
 * about 160 MB so). Past it a service is sending what no command can use (one JavaScript string holds
 * 512 MiB at most) and would only fill memory.
 */
export const MAX_BODY_BYTES = 256 * 1024 ** 2;

/**
 * The body's bytes, or `tooLarge()` once it passes MAX_BODY_BYTES: leaving the loop destroys the body and
 * its connection, so nothing more is read. Hand-written rather than undici's maxResponseSize, which its
 * proxy agent does not pass to the client of an http:// target's requests.
 */
async function readCapped(body: Readable, declared: number, tooLarge: () => Error): Promise<Buffer> {
  if (declared > MAX_BODY_BYTES) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
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
      // Read whole now (the request's time limit covers it), decoded when first asked: a listing holds the
      // pages it fetched ahead as bytes, off the JavaScript heap, until their turn comes.
      const tooLarge = () =>
        new ApiError({
          code: 'TOO_LARGE',
          reason: `${r.url.origin} answered with more than ${MAX_BODY_BYTES / 1024 ** 2} MiB, more than ccp reads of one answer`,
          httpStatus: res.statusCode,
        });
      const bytes = await readCapped(res.body, Number(res.headers['content-length']), tooLarge);
      const tooDeep = () =>
        new ApiError({
          code: 'TOO_DEEP',
          reason: `${r.url.origin} answered with JSON nested deeper than ${MAX_DEPTH} levels`,
          httpStatus: res.statusCode,
        });
      let text: string | undefined;
      let json: { value: unknown } | undefined;
      let taken = false;
      let deep: boolean | undefined;
      // The bytes once lines took them over are no longer the body as it came. Their depth is read here, where
      // every answer from a remote service passes, before anything parses or renders them.
      const body = () => {
        if (taken) throw new Error('the body was taken over as lines');
        deep ??= bytesTooDeepAt(bytes) >= 0;
        if (deep) throw tooDeep();
        return bytes;
      };
      return {
        status: res.statusCode,
        headers: headerMap(res.headers),
        get text() {
          text ??= body().toString('utf8');
          return text;
        },
        get json() {
          json ??= { value: parseEnvelope(body()) };
          return json.value;
        },
        // No scan of the depth first (an export read every byte twice): pageLines refuses records nested
        // deeper than its own limit, far under MAX_DEPTH, and the body is then read by `json`, which scans it.
        // What lies around the records is walked as the value it parsed to.
        lines: () => {
          if (taken) throw new Error('the body was taken over as lines');
          const lines = pageLines(bytes);
          taken = lines !== undefined;
          if (lines && valueTooDeep(lines.envelope)) throw tooDeep();
          return lines;
        },
      };
    },
    close: () => agent.close(),
  };
}

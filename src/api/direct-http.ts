// Requests over plain HTTP straight to the service (no proxy between: a loopback target, or none set for
// http), through Node's own http client. Its parser is the runtime's, built in: loading undici's client,
// with its WebAssembly parser, cost a first page more than its request (docs/performance.md). HTTPS and
// proxies stay with undici (transport.ts), which knows tunnels and proxy answers.
import type * as Http from 'node:http';
import { readAnswer } from './answer-bytes.js';
import type { RawResponse, Transport, TransportRequest } from './exchange.js';
import { isLoopback } from './network-failures.js';

/** Whether requests to `base` go over direct-http.ts: plain http with no proxy to go through. */
export function goesDirect(base: URL, env: NodeJS.ProcessEnv | undefined): boolean {
  if (base.protocol !== 'http:') return false;
  // The variable undici's proxy agent reads for an http:// target (lower case first, as curl).
  return !env || isLoopback(base.hostname) || !(env.http_proxy || env.HTTP_PROXY);
}

/**
 * Requests (http://, no proxy) through a keep-alive pool of 8 connections, as undici's, freed by close(); a
 * connection not made within `connectTimeoutMs` fails as undici's connect timeout does.
 */
export function directHttpTransport(connectTimeoutMs?: number): Transport {
  const http = process.getBuiltinModule('node:http') as typeof Http;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const inFlight = new Set<Promise<unknown>>();

  function send(r: TransportRequest): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      r.signal.throwIfAborted();
      // Its length said whatever the method: node:http sends a DELETE's body with neither a length nor
      // chunks (to be read up to the connection's end), which a keep-alive server cannot tell apart.
      const headers =
        r.body === undefined
          ? r.headers
          : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
      const req = http.request(r.url, { method: r.method, headers, agent });
      let timer: NodeJS.Timeout | undefined;
      const fail = (err: unknown) => {
        clearTimeout(timer);
        r.signal.removeEventListener('abort', abort);
        reject(err);
      };
      // Given up (--timeout, Ctrl-C): the request fails with the signal's reason, as undici's does.
      const abort = () => {
        req.destroy();
        fail(r.signal.reason);
      };
      r.signal.addEventListener('abort', abort, { once: true });
      req.on('socket', (socket) => {
        // Written once its connection is made: from then on the service may act on it.
        if (!socket.connecting) return r.onSent();
        socket.once('connect', () => {
          clearTimeout(timer);
          r.onSent();
        });
        if (connectTimeoutMs !== undefined) {
          timer = setTimeout(() => {
            // The code ccp's failures know for a connection that was not made in time (network-failures.ts).
            const err = Object.assign(new Error('Connect Timeout Error'), {
              code: 'UND_ERR_CONNECT_TIMEOUT',
            });
            req.destroy();
            fail(err);
          }, connectTimeoutMs);
        }
      });
      req.on('error', fail);
      req.on('response', (res) => {
        r.signal.removeEventListener('abort', abort);
        res.on('error', () => {});
        // The body's read is still under the signal: a body that stops coming is given up as a whole answer.
        const stop = () => res.destroy(r.signal.reason);
        r.signal.addEventListener('abort', stop, { once: true });
        readAnswer(r.url, res.statusCode ?? 0, res.headers, res)
          .then(resolve, reject)
          .finally(() => r.signal.removeEventListener('abort', stop));
      });
      req.end(r.body);
    });
  }

  return {
    request(r) {
      const answer = send(r);
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return answer;
    },
    async close() {
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

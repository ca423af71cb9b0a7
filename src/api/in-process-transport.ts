// Requests handed to a service's handler in this process (the embedded default's), with what the HTTP path
// does around them, so that the client cannot tell the two apart.
import type { InProcessRequest } from '../domain/in-process.js';
import type { RawResponse, Transport, TransportRequest } from './exchange.js';

/** A service called in process: the server's inProcessService. */
export type InProcessHandler = (call: InProcessRequest) => Promise<RawResponse>;

/** The request as the service takes it, the body's text read from the client's request only if needed. */
class HandedRequest implements InProcessRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly json: unknown;
  readonly signal: AbortSignal;
  readonly #r: TransportRequest;
  constructor(r: TransportRequest) {
    this.#r = r;
    this.method = r.method;
    this.url = r.url.pathname + r.url.search;
    this.headers = r.headers;
    this.json = r.json;
    this.signal = r.signal;
  }
  get body(): string | undefined {
    return this.#r.body;
  }
}

/**
 * The answer given up when the signal aborts (the handler finishes on its own, as a server's would after a
 * client hung up), and close() waiting for the others. Header values are the client's to check.
 */
export function inProcessTransport(call: InProcessHandler): Transport {
  const pending = new Set<Promise<unknown>>();

  /** Hands the request to the handler; its answer, or the signal's reason once the signal aborts. */
  function send(r: TransportRequest): Promise<RawResponse> {
    r.signal.throwIfAborted();
    r.onSent();
    const answer = call(new HandedRequest(r));
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    pending.add(settled);
    return new Promise((resolve, reject) => {
      const done = () => {
        pending.delete(settled);
        r.signal.removeEventListener('abort', abort);
      };
      const abort = () => {
        done();
        reject(r.signal.reason);
      };
      r.signal.addEventListener('abort', abort, { once: true });
      answer.then(
        (a) => {
          done();
          resolve(a);
        },
        (err: unknown) => {
          done();
          reject(err);
        },
      );
    });
  }

  return {
    request(r) {
      // A turn of the event loop before each request, as a socket's would take: every step in process can
      // resolve at once, and a long listing or bulk add would never let node see a signal (Ctrl-C) or a
      // stream's events until its end. A request aborted meanwhile is not sent.
      return new Promise<void>((turn) => setImmediate(turn)).then(() => send(r));
    },
    async close() {
      await Promise.all(pending);
    },
  };
}

import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Clock } from '../domain/clock.js';
import type { ServiceErrorDef } from '../domain/service-errors.js';
import { createApp, type Handler } from './app.js';
import { errorResponse, headerOverflow, PROTOCOL_ERRORS, ServiceError } from './errors.js';
import { openStore } from './store/open.js';
import type { Store } from './store/port.js';

export interface ServerHandle {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** decisions.md: headers within 10 s, a whole request within 30 s. */
export const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 } as const;

export interface Timeouts {
  /** The request line and headers must have arrived within this. */
  headersMs?: number;
  /** The whole request, body included, must have arrived within this. */
  requestMs?: number;
}

export interface ServeOptions {
  host?: string;
  port?: number;
  /** Tests shorten them; the server runs with DEFAULT_TIMEOUTS. */
  timeouts?: Timeouts;
  /** Runs after the server has stopped (closing a store it opened). */
  onClose?: () => void;
}

/** What Node's parser refused, as an error envelope on the socket, then the connection is closed. */
function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void {
  // A response already under way on this socket cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || err.code === 'ECONNRESET' || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  let def: ServiceErrorDef = PROTOCOL_ERRORS.badRequest;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const lineEnd = err.rawPacket?.indexOf('\r\n') ?? -1;
    def = headerOverflow(lineEnd === -1 ? undefined : lineEnd);
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    def = PROTOCOL_ERRORS.timeout;
  }
  const r = errorResponse(new ServiceError(def), { fileCodeUuid: '', orgUuid: '', userUuid: '' });
  const text = JSON.stringify(r.body);
  socket.end(
    `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/** Binds the handler; resolves once listening. `close()` stops accepting and lets in-flight requests finish. */
export function serve(handler: Handler, opts: ServeOptions = {}): Promise<ServerHandle> {
  const host = opts.host ?? '127.0.0.1';
  const headersTimeout = opts.timeouts?.headersMs ?? DEFAULT_TIMEOUTS.headersMs;
  const requestTimeout = opts.timeouts?.requestMs ?? DEFAULT_TIMEOUTS.requestMs;
  // A slow or idle client cannot hold a connection for long. Node checks the two timeouts only every
  // connectionsCheckingInterval (30 s by default, which let a 10 s limit run to 30 s): checking ten times per
  // shorter limit cuts a connection close to its limit.
  const server: Server = createServer(
    {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(10, Math.floor(Math.min(headersTimeout, requestTimeout) / 10)),
    },
    (req, res) => {
      void handler(req, res);
    },
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8080, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${urlHost}:${port}`,
        host,
        port,
        close() {
          closing ??= new Promise<void>((done, fail) => {
            // A keep-alive connection whose request was in flight goes idle only after close() was called:
            // sweep idle connections until the server has stopped, rather than wait out keepAliveTimeout.
            const sweep = setInterval(() => server.closeIdleConnections(), 25);
            server.close((err) => {
              clearInterval(sweep);
              try {
                opts.onClose?.();
              } catch (closeErr) {
                fail(closeErr);
                return;
              }
              if (err) fail(err);
              else done();
            });
            server.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}

export interface StartServerOptions {
  store?: Store;
  dbPath?: string;
  host?: string;
  port?: number;
  clock?: Clock;
  log?: (line: string) => void;
  timeouts?: Timeouts;
}

/** Opens the store when given a path (and closes it on close), builds the app and serves it. */
export async function startServer(opts: StartServerOptions): Promise<ServerHandle> {
  if (!opts.store && !opts.dbPath) throw new Error('startServer needs a store or a dbPath');
  const owned = opts.store
    ? undefined
    : await openStore(opts.dbPath!, { serving: true, ...(opts.clock ? { clock: opts.clock } : {}) });
  const store = opts.store ?? owned!;
  const app = createApp({
    store,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  try {
    return await serve(app, {
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port !== undefined ? { port: opts.port } : {}),
      ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
      onClose: () => void owned?.close(),
    });
  } catch (err) {
    await owned?.close();
    throw err;
  }
}

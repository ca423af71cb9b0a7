/**
 * Misbehaving services and a forward proxy on loopback, for the CLI's network tests: each counts what
 * reached it, so a test can tell a retry, a proxied request and a request never sent apart.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import {
  type AddressInfo,
  connect,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from 'node:net';

export interface Fake {
  url: string;
  port: number;
  /** Requests received (for the proxy: tunnels and forwarded requests). */
  hits: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(
  server: NetServer,
  sockets: Set<Socket>,
): Promise<{ port: number; close: () => Promise<void> }> {
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const ok = (data: unknown[]) => JSON.stringify({ data, metadata: {}, statusCode: 'OK' });

/** Answers that a test may ask of a fake service. */
export const behaviours = {
  /** Reads the request and never answers. */
  stall: (() => {}) as Handler,
  /** Closes the connection once the whole request arrived: the service may have acted on it. */
  reset: ((_req, res) => res.socket?.destroy()) as Handler,
  notJson: ((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>Bad gateway</body></html>');
  }) as Handler,
  /** 503 after `ms`: a retryable answer that takes its time. */
  unavailableAfter:
    (ms: number): Handler =>
    (_req, res) =>
      setTimeout(() => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ data: [], metadata: {}, statusCode: 'UNAVAILABLE', reason: 'UNAVAILABLE busy' }),
        );
      }, ms),
  /** An empty OK page, as any listing accepts. */
  emptyOk: ((_req, res) => emptyPage(res)) as Handler,
  /** The same, after `ms`. */
  emptyOkAfter:
    (ms: number): Handler =>
    (_req, res) =>
      setTimeout(() => emptyPage(res), ms),
};

function emptyPage(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '0' });
  res.end(ok([]));
}

/** A service on loopback that answers every request with `handler` (after reading the body). */
export async function fakeService(handler: Handler): Promise<Fake> {
  const sockets = new Set<Socket>();
  const fake = { url: '', port: 0, hits: 0, close: async () => {} };
  const server = createServer((req, res) => {
    fake.hits++;
    req.resume();
    req.on('end', () => handler(req, res));
  });
  const l = await listen(server, sockets);
  fake.port = l.port;
  fake.url = `http://127.0.0.1:${l.port}`;
  fake.close = l.close;
  return fake;
}

/**
 * A forward proxy on loopback that sends every request to 127.0.0.1 on the port asked for, whatever the
 * host name: so `http://ccp.invalid:<port>` (a name that never resolves) reaches a local fake service only
 * through the proxy. Tunnels (CONNECT) and absolute-form requests both count.
 */
export async function fakeProxy(): Promise<Fake> {
  const sockets = new Set<Socket>();
  const fake = { url: '', port: 0, hits: 0, close: async () => {} };
  const server = createServer((req, res) => {
    fake.hits++;
    const target = new URL(req.url ?? '/');
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    fake.hits++;
    const port = Number((req.url ?? '').split(':').at(-1));
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    sockets.add(upstream);
  });
  const l = await listen(server, sockets);
  fake.port = l.port;
  fake.url = `http://127.0.0.1:${l.port}`;
  fake.close = l.close;
  return fake;
}

/** A loopback port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/**
 * A loopback port in front of `target` (another loopback port) that carries the first `carry` connections to
 * it and holds every later one silent: accepted, never answered, so a TLS handshake on it never ends and a
 * request over https never leaves.
 */
export async function gate(target: number, carry: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let left = carry;
  const server = createNetServer((client) => {
    if (left-- <= 0) return;
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return listen(server, sockets);
}

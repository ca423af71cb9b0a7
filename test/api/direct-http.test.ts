// Plain http with no proxy goes through Node's own client (src/api/direct-http.ts): requests must reach a
// keep-alive server as undici's do (what undici refuses the client refuses first: test/api/client.test.ts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directHttpTransport, goesDirect } from '../../src/api/direct-http.js';

let server: Server;
let base: URL;
const seen: Array<{ method: string; length: string | undefined; body: string; socket: number }> = [];
const sockets = new Map<object, number>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
      seen.push({
        method: req.method ?? '',
        length: req.headers['content-length'],
        body,
        socket: sockets.get(req.socket)!,
      });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [], statusCode: 'OK', reason: req.method }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = (method: string, body?: string, headers: Record<string, string> = {}) => ({
  method,
  url: new URL('things', base),
  headers,
  body,
  signal: new AbortController().signal,
  onSent: () => {},
});

describe('direct http', () => {
  it('a DELETE with a body, then a GET, on one kept connection: each body whole, its length said', async () => {
    seen.length = 0;
    const t = directHttpTransport();
    const first = await t.request(request('DELETE', '{"data":[1]}'));
    const second = await t.request(request('GET'));
    await t.close();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.parse(first.text)).toMatchObject({ reason: 'DELETE' });
    expect(JSON.parse(second.text)).toMatchObject({ reason: 'GET' });
    expect(seen).toEqual([
      { method: 'DELETE', length: '12', body: '{"data":[1]}', socket: 0 },
      { method: 'GET', length: undefined, body: '', socket: 0 },
    ]);
  });

  it('goes direct for plain http with no proxy to go through, and only then', () => {
    const lan = new URL('http://10.0.0.5:8080/');
    expect(goesDirect(lan, {})).toBe(true);
    expect(goesDirect(lan, { HTTP_PROXY: 'http://proxy:3128' })).toBe(false);
    expect(goesDirect(lan, { http_proxy: 'http://proxy:3128' })).toBe(false);
    expect(goesDirect(new URL('http://localhost:1/'), { HTTP_PROXY: 'http://proxy:3128' })).toBe(true);
    expect(goesDirect(new URL('https://10.0.0.5/'), {})).toBe(false);
  });
});

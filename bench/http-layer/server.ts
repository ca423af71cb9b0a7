// One HTTP layer serving the same JSON on GET /edgedevice/all/:pageNo; prints its port, runs until killed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payload } from './payload.js';

const body = payload();
const kind = process.argv[2];

async function main(): Promise<number> {
  if (kind === 'node') {
    const server = createServer((req, res) => {
      // The same work the project's router does: parse the URL and match the segments.
      const url = new URL(req.url ?? '/', 'http://localhost');
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'edgedevice' && parts[1] === 'all' && parts.length === 3) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }
  if (kind === 'fastify') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/edgedevice/all/:pageNo', (_req, reply) => {
      reply.header('content-type', 'application/json').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }
  if (kind === 'hono') {
    const { Hono } = await import('hono');
    const { serve } = await import('@hono/node-server');
    const app = new Hono();
    app.get('/edgedevice/all/:pageNo', (c) => c.body(body, 200, { 'content-type': 'application/json' }));
    return await new Promise<number>((r) => {
      serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => r(info.port));
    });
  }
  throw new Error(`unknown kind ${kind}`);
}

main().then((port) => process.stdout.write(`${port}\n`));

// A server for the throughput figure, in a process of its own; prints its port, runs until killed.
// `project DB TOKENFILE`: the project's server over DB (a SQLite file or a PostgreSQL URL). `bare DB`:
// node:http + better-sqlite3 doing the same query (a page of devices in listing order) and the same envelope,
// with none of the project's layers; `bare-pg URL`: the same with `pg` (a pool of 10, as the store keeps).
import { writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createToken, openStore, startServer } from '../../src/server/index.js';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { BENCH_ORG } from '../lib/devices.js';

const [kind, db, tokenFile] = process.argv.slice(2) as [string, string, string | undefined];

/** A page of rows in the project's envelope, their times as ISO strings, as the project's server sends it. */
function sendPage(res: ServerResponse, rows: Record<string, unknown>[]): void {
  for (const r of rows) {
    r.created_on = new Date(r.created_on as number).toISOString();
    r.modified_on = new Date(r.modified_on as number).toISOString();
  }
  const body = JSON.stringify({ data: rows, metadata: {}, statusCode: 'OK' });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function main(): Promise<number> {
  if (kind === 'project') {
    const store = await openStore(db);
    writeFileSync(tokenFile!, await createToken(store, { orgUuid: BENCH_ORG, role: 'admin' }));
    const server = await startServer({ store, port: 0 });
    return Number(new URL(server.url).port);
  }
  if (kind === 'bare-pg') return barePostgres();
  const sqlite = openSqlite(db, { readonly: true });
  const page = sqlite.prepare('SELECT * FROM edge_devices ORDER BY created_on, uuid LIMIT ? OFFSET ?');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/');
    const size = Number(url.searchParams.get('pageSize') ?? 10);
    sendPage(res, page.all(size, Number(parts[3]) * size) as Record<string, unknown>[]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function barePostgres(): Promise<number> {
  const { default: pg } = await import('pg');
  // int8 as numbers, as the store reads them.
  const types = {
    getTypeParser: ((oid: number, format?: string) =>
      oid === 20
        ? (v: string) => Number(v)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: db, max: 10, types });
  const server = createServer((req, res) => {
    const size = Number(new URL(req.url ?? '/', 'http://localhost').searchParams.get('pageSize') ?? 10);
    // Page 0 of the listing order: a keyset walk from the start of the (created_on, uuid) index.
    pool
      .query({
        name: 'page',
        text: 'SELECT * FROM edge_devices ORDER BY created_on, uuid LIMIT $1',
        values: [size],
      })
      .then(({ rows }) => sendPage(res, rows))
      .catch(() => {
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

main().then((port) => process.stdout.write(`${port}\n`));

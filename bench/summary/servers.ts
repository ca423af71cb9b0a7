// A server for the throughput figure, in a process of its own; prints its port, runs until killed.
// `project DB TOKENFILE`: the project's server over DB. `bare DB`: node:http + better-sqlite3 doing the same
// query (a page of devices in listing order) and the same envelope, with none of the project's layers.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createToken, openStore, startServer } from '../../src/server/index.js';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { BENCH_ORG } from '../lib/devices.js';

const [kind, db, tokenFile] = process.argv.slice(2) as [string, string, string | undefined];

async function main(): Promise<number> {
  if (kind === 'project') {
    const store = await openStore(db);
    writeFileSync(tokenFile!, await createToken(store, { orgUuid: BENCH_ORG, role: 'admin' }));
    const server = await startServer({ store, port: 0 });
    return Number(new URL(server.url).port);
  }
  const sqlite = openSqlite(db, { readonly: true });
  const page = sqlite.prepare('SELECT * FROM edge_devices ORDER BY created_on, uuid LIMIT ? OFFSET ?');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/');
    const size = Number(url.searchParams.get('pageSize') ?? 10);
    const rows = page.all(size, Number(parts[3]) * size) as Record<string, unknown>[];
    for (const r of rows) {
      r.created_on = new Date(r.created_on as number).toISOString();
      r.modified_on = new Date(r.modified_on as number).toISOString();
    }
    const body = JSON.stringify({ data: rows, metadata: {}, statusCode: 'OK' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

main().then((port) => process.stdout.write(`${port}\n`));

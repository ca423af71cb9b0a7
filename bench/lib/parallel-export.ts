// `--parallel` over a slow link (cli.md: at most 0.45 of the page-at-a-time time): `ccp edgedevice list
// --all -o ndjson --page-size 1000` from `ccp server start` through a loopback proxy that holds every chunk
// `oneWayMs` each way, with --parallel 4 against --parallel 1; runs interleaved, medians compared.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { median, newlines } from './devices.js';
import { benchEnv } from './env.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ccp = join(root, 'bin', 'ccp.js');

/** Forwards each chunk after `delay` ms, in order, both ways: a link with latency, not a slow one. */
function latencyProxy(target: number, delay: number): Promise<{ server: Server; port: number }> {
  const pipe = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => setTimeout(() => to.write(chunk), delay));
    from.on('end', () => setTimeout(() => to.end(), delay));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    pipe(client, upstream);
    pipe(upstream, client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

function startServer(db: string, dir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', 'summary', 'servers.ts'), 'project', db, join(dir, 'token')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve({ child, port: Number(d.toString().trim()) }));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

function exportOnce(env: NodeJS.ProcessEnv, parallel: number): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  const args = ['edgedevice', 'list', '--all', '-o', 'ndjson', '--page-size', '1000'];
  const child = spawn(process.execPath, [ccp, ...args, '--parallel', String(parallel)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    lines += newlines(d);
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d;
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, lines })
        : reject(new Error(`export exited ${code}: ${err}`)),
    ),
  );
}

/** Median wall times of the two walks over `db`; every device it holds is checked to come, once. */
export async function parallelExport(opts: {
  db: string;
  dir: string;
  runs: number;
  oneWayMs?: number;
}): Promise<{ serialMs: number; parallelMs: number }> {
  const sqlite = openSqlite(opts.db, { readonly: true });
  const devices = (sqlite.prepare('SELECT count(*) AS n FROM edge_devices').get() as { n: number }).n;
  sqlite.close();
  const server = await startServer(opts.db, opts.dir);
  const proxy = await latencyProxy(server.port, opts.oneWayMs ?? 20);
  try {
    const env = {
      ...benchEnv(opts.dir),
      CCP_BASE_URL: `http://127.0.0.1:${proxy.port}`,
      CCP_TOKEN: readFileSync(join(opts.dir, 'token'), 'utf8'),
    };
    const times: Record<1 | 4, number[]> = { 1: [], 4: [] };
    for (let i = 0; i < opts.runs; i++) {
      for (const n of [1, 4] as const) {
        const r = await exportOnce(env, n);
        if (r.lines !== devices) throw new Error(`--parallel ${n} wrote ${r.lines} of ${devices}`);
        times[n].push(r.ms);
      }
    }
    return { serialMs: median(times[1]), parallelMs: median(times[4]) };
  } finally {
    proxy.server.close();
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
  }
}

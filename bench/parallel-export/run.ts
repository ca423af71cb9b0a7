// `--parallel` over a slow link: `ccp edgedevice list --all -o ndjson --page-size 1000` of 100,000 devices
// from `ccp server start`, through a loopback proxy that holds every chunk 20 ms each way (a 40 ms round
// trip), with --parallel 4 against --parallel 1 (page at a time); runs interleaved, medians compared.
// Budget (cli.md): at most 0.45. BENCH_QUICK=1: 20,000 devices, 3 runs each.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceDatabase, median } from '../lib/devices.js';
import { benchEnv } from '../lib/env.js';

const quick = process.env.BENCH_QUICK === '1';
const DEVICES = quick ? 20_000 : 100_000;
const RUNS = quick ? 3 : 5;
const ONE_WAY_MS = 20;
const here = dirname(fileURLToPath(import.meta.url));
const ccp = join(here, '..', '..', 'bin', 'ccp.js');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-parallel-'));

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

function startServer(db: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, '..', 'summary', 'servers.ts'), 'project', db, join(dir, 'token')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve({ child, port: Number(d.toString().trim()) }));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** Wall time of one export, and the lines it wrote (checked: every device, once). */
function exportOnce(url: string, token: string, parallel: number): Promise<{ ms: number; lines: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ccp,
      'edgedevice',
      'list',
      '--all',
      '-o',
      'ndjson',
      '--page-size',
      '1000',
      '--parallel',
      String(parallel),
    ],
    {
      env: { ...benchEnv(dir), CCP_BASE_URL: url, CCP_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let lines = 0;
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    for (const b of d) if (b === 10) lines++;
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

const db = join(dir, 'devices.db');
deviceDatabase(db, DEVICES).close();
const server = await startServer(db);
const proxy = await latencyProxy(server.port, ONE_WAY_MS);
try {
  const token = readFileSync(join(dir, 'token'), 'utf8');
  const url = `http://127.0.0.1:${proxy.port}`;
  const serial: number[] = [];
  const parallel: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [n, times] of [
      [1, serial],
      [4, parallel],
    ] as const) {
      const r = await exportOnce(url, token, n);
      if (r.lines !== DEVICES) throw new Error(`--parallel ${n} wrote ${r.lines} of ${DEVICES} devices`);
      times.push(r.ms);
    }
  }
  const ratio = median(parallel) / median(serial);
  console.log(
    `--all -o ndjson of ${DEVICES.toLocaleString('en')} devices, 1,000 a page, over a ${2 * ONE_WAY_MS} ms round trip:`,
  );
  console.log(`  --parallel 1 (page at a time)  ${median(serial).toFixed(0)} ms`);
  console.log(`  --parallel 4                   ${median(parallel).toFixed(0)} ms`);
  console.log(`  ratio ${ratio.toFixed(2)} (budget at most 0.45): ${ratio <= 0.45 ? 'pass' : 'FAIL'}`);
} finally {
  proxy.server.close();
  server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

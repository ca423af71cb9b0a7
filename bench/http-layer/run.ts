// Requests per second of node:http + a small router, Fastify and Hono serving the same ~2 KB JSON on loopback.
// Each server runs in its own process; this process drives a bounded load: a fixed number of requests over
// a fixed number of keep-alive connections, after a warm-up, in alternating rounds.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const here = dirname(fileURLToPath(import.meta.url));
const KINDS = ['node', 'fastify', 'hono'] as const;
const CONNECTIONS = 32;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const WARMUP = 2_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function startServer(kind: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'server.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} did not start`)), 20_000);
    child.stdout!.once('data', (d: Buffer) => {
      clearTimeout(timer);
      resolve({ child, port: Number(d.toString().trim()) });
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited ${code}`)));
  });
}

async function load(port: number, count: number): Promise<number> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await pool.request({ method: 'GET', path: `/edgedevice/all/${next % 100}` });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      await res.body.text();
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return count / seconds;
}

const results = new Map<string, number[]>(KINDS.map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    const { child, port } = await startServer(kind);
    try {
      await load(port, WARMUP);
      results.get(kind)!.push(await load(port, REQUESTS));
    } finally {
      child.kill();
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(results.get('node')!);
// The best round is the least disturbed by whatever else shares the machine; the median is shown beside it.
const best = (xs: number[]) => Math.max(...xs);
const bestBase = best(results.get('node')!);
console.log(`${REQUESTS} requests x ${ROUNDS} rounds, ${CONNECTIONS} connections, req/s:`);
for (const kind of KINDS) {
  const xs = results.get(kind)!;
  const b = best(xs);
  const m = median(xs);
  console.log(
    `  ${kind.padEnd(8)} best ${Math.round(b).toString().padStart(6)} (${((b / bestBase) * 100).toFixed(0)}%)` +
      `  median ${Math.round(m).toString().padStart(6)} (${((m / base) * 100).toFixed(0)}%)`,
  );
}

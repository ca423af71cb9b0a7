// The summary's means of measuring, shared by its run.ts and bench/postgres: child processes timed with
// their peak RSS, the throughput servers of servers.ts, requests per second over keep-alive connections, one
// request's time, the in-order page walk, and the table of figures against their budgets.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { median, newlines } from '../lib/devices.js';

const here = dirname(fileURLToPath(import.meta.url));
const rss = join(here, '..', 'export-memory', 'report-rss.cjs');

export interface Run {
  ms: number;
  rssKB: number;
  lines: number;
}

/** Runs `node ARGS` under `env`: wall time from spawn to exit, peak RSS, stdout counted in lines and dropped. */
export function runner(env: NodeJS.ProcessEnv) {
  return (args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', rss, ...args], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let lines = 0;
    let peak = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      lines += newlines(chunk);
    });
    child.stderr!.on('data', (d: Buffer) => (err += d));
    child.stdio[3]!.on('data', (d: Buffer) => (peak += d));
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
        resolve({ ms: performance.now() - started, rssKB: Number(peak.trim()), lines });
      });
    });
  };
}

export type ServerKind = 'project' | 'bare' | 'bare-pg';

/** A server of servers.ts in a process of its own; a `project` one writes its admin token to `tokenFile`. */
export function throughputServer(
  kind: ServerKind,
  db: string,
  tokenFile: string,
): Promise<{ child: ChildProcess; url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'servers.ts'), kind, db, tokenFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) =>
      resolve({ child, url: `http://127.0.0.1:${d.toString().trim()}`, stop: () => child.kill() }),
    );
    child.once('exit', (code) => reject(new Error(`${kind} server exited ${code}`)));
  });
}

export const readToken = (tokenFile: string) => readFileSync(tokenFile, 'utf8');

/** Requests per second over 50 keep-alive connections, `count` requests of `path`. */
export async function throughput(url: string, path: string, count: number, token: string): Promise<number> {
  const pool = new Pool(url, { connections: 50, pipelining: 1 });
  const headers = { authorization: `Bearer ${token}`, time_zone: 'UTC' };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next++ < count) {
      const res = await pool.request({ method: 'GET', path, headers });
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      await res.body.text();
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  const rate = count / ((performance.now() - started) / 1000);
  await pool.close();
  return rate;
}

/** One request's wall time, its body read; a GET, or a POST of `body` (JSON). Anything but 200 throws. */
export async function timed(pool: Pool, token: string, path: string, body?: string): Promise<number> {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, time_zone: 'UTC' };
  const res = await pool.request(
    body
      ? { method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body }
      : { method: 'GET', path, headers },
  );
  await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
  return performance.now() - started;
}

/**
 * Pages of 10 walked in order, `runs` from page 0 and `runs` up to page 99,999, taking turns page by page so
 * that a machine whose load changes slows both alike; the median of each, its first 10 (warming) left out.
 */
export async function walkInOrder(
  pool: Pool,
  token: string,
  runs: number,
): Promise<{ first: number; deep: number }> {
  const page = (n: number) => `/edgedevice/all/${n}?pageSize=10`;
  const first: number[] = [];
  const deep: number[] = [];
  const from = 99_999 - runs + 1;
  for (let i = 0; i < runs; i++) {
    first.push(await timed(pool, token, page(i)));
    deep.push(await timed(pool, token, page(from + i)));
  }
  return { first: median(first.slice(10)), deep: median(deep.slice(10)) };
}

/** The figures of a run against their budgets, printed at its end as a markdown table under `heading`. */
export function budgetTable() {
  const rows: [string, number, string, boolean][] = [];
  return {
    atMost(figure: string, now: number, budget: number): void {
      rows.push([figure, now, `at most ${budget}`, now <= budget]);
    },
    atLeast(figure: string, now: number, budget: number): void {
      rows.push([figure, now, `at least ${budget}`, now >= budget]);
    },
    print(heading: string): void {
      console.log(`\n${heading}\n`);
      console.log('| figure | now | budget | |');
      console.log('|---|---|---|---|');
      for (const [figure, now, budget, ok] of rows)
        console.log(`| ${figure} | ${now.toFixed(2)} | ${budget} | ${ok ? 'pass' : 'FAIL'} |`);
    },
  };
}

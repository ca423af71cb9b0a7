// The summary's means of measuring, shared by its run.ts and bench/postgres: child processes timed with
// their peak RSS, the throughput servers of servers.ts, and requests per second over keep-alive connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { newlines } from '../lib/devices.js';

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

// Start-up: `ccp --version`, `--help` and a one-page embedded listing against a bare `node -e 0`,
// the median of 20 runs each (child processes, wall time).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceDatabase, median } from '../lib/devices.js';
import { benchEnv } from '../lib/env.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ccp = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'ccp.js');
const dir = mkdtempSync(join(tmpdir(), 'ccp-bench-startup-'));
const env = benchEnv(dir);

function time(args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    times.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return median(times);
}

try {
  const db = join(dir, 'devices.db');
  deviceDatabase(db, 1000).close();
  const bare = time(['-e', '0']);
  const rows: [string, number][] = [
    ['node -e 0', bare],
    ['ccp --version', time([ccp, '--version'])],
    ['ccp --help', time([ccp, '--help'])],
    [
      'ccp edgedevice list --limit 20 (embedded)',
      time([ccp, '--db', db, 'edgedevice', 'list', '--limit', '20']),
    ],
  ];
  for (const [what, ms] of rows) {
    console.log(`${what.padEnd(44)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / bare).toFixed(2)}x bare node`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

#!/usr/bin/env node
// `npm run bench`: every figure of the performance budget against its baseline, as one table
// (bench/summary; `-- --quick` for fewer runs). `npm run bench -- <name> ...` runs bench/<name>/run.ts
// instead, and `-- all` every one of them, each in its own process so that one's memory and JIT state do
// not colour the next.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.filter((a) => a !== '--quick');
const names = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((n) => (only.length === 0 ? n === 'summary' : only.includes('all') || only.includes(n)))
  .sort();

let failed = 0;
for (const name of names) {
  process.stdout.write(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, name, 'run.ts')], {
    stdio: 'inherit',
    env: quick ? { ...process.env, BENCH_QUICK: '1' } : process.env,
  });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;

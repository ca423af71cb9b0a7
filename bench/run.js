#!/usr/bin/env node
// Runs every benchmark in bench/<name>/run.ts (or one: `npm run bench -- <name>`), one after another,
// each in its own process so that one's memory and JIT state do not colour the next.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const names = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((n) => only.length === 0 || only.includes(n))
  .sort();

let failed = 0;
for (const name of names) {
  process.stdout.write(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, name, 'run.ts')], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;

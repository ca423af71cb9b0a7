/**
 * dist/ rebuilt when any source is newer than what was built, so `npx vitest run` after an edit never tests
 * an old build. Run once per test run (vitest's globalSetup) and by `ensureBuilt()` for spawned processes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['src', 'bin', 'scripts/build.mjs', 'package.json'];

/** The newest modification time under `path` (a file or a folder, walked whole); 0 when it is missing. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let most = st.mtimeMs;
  for (const entry of readdirSync(path)) most = Math.max(most, newest(join(path, entry)));
  return most;
}

export function buildIfStale(): void {
  const source = Math.max(...SOURCES.map((s) => newest(join(ROOT, s))));
  if (newest(join(ROOT, 'dist')) >= source) return;
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

export default function setup(): void {
  buildIfStale();
}

import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p` with a bounded walk: node's recursive mkdirSync never returns for a folder under /proc (ENOENT
 * for the child, EEXIST for the parent, over and over), so an odd XDG_* variable would hang a command.
 * Throws the first error but EEXIST (another process made the folder first), as `mkdir -p` does. Every folder
 * it makes is the user's alone (0700), whatever the umask.
 */
export function makeDirs(dir: string, mode = 0o700): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && missing.length < 64; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d, { mode });
      chmodSync(d, mode);
    } catch (err) {
      // Another process (ccp commands started together) made it first.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * Takes from an existing file or folder the permissions beyond `mode` (a 0644 database becomes 0600). Quietly
 * leaves one it cannot change (another user's, a read-only disk): ccp still reads what it may.
 */
export function tighten(path: string, mode: number): void {
  try {
    const now = statSync(path).mode & 0o777;
    if ((now & ~mode) !== 0) chmodSync(path, now & mode);
  } catch {}
}

import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p` with a bounded walk: node's recursive mkdirSync never returns for a folder under /proc (ENOENT
 * for the child, EEXIST for the parent, over and over), so an odd XDG_* variable would hang a command.
 * Throws the first error but EEXIST (another process made the folder first), as `mkdir -p` does.
 */
export function makeDirs(dir: string, mode = 0o700): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && missing.length < 64; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d, { mode });
    } catch (err) {
      // Another process (ccp commands started together) made it first.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

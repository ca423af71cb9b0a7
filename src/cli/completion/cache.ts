// Values a completion read from its target, kept a minute so the second TAB answers at once. One file per
// target and kind, named by a hash (the target's identity may hold a token's digest, never the token), 0600 in
// a 0700 folder, written whole (temp file, then rename) so a reader never sees half of one. A folder or file
// another user could have written is trusted as a config file would be: not at all (config/trust.ts).
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { trustedCache } from '../../config/trust.js';
import { makeDirs } from '../../domain/dirs.js';
import type { Candidate } from './live-kinds.js';

export const CACHE_TTL_MS = 60_000;

/** What a completion read for words starting with `prefix`: all of them when `complete`. */
export interface CachedValues {
  prefix: string;
  complete: boolean;
  items: Candidate[];
}

interface CacheFile extends CachedValues {
  at: number;
}

export function cachePath(dir: string, target: string, kind: string): string {
  const name = createHash('sha256').update(`${target}\0${kind}`).digest('hex').slice(0, 32);
  return join(dir, `values-${name}.json`);
}

/** The cached values that answer `word`: fresh, read for a prefix of it, and whole (or for `word` itself). */
export function readCache(file: string, word: string, now: number): CachedValues | undefined {
  if (!trustedCache(dirname(file)) || !trustedCache(file)) return undefined;
  let parsed: CacheFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return undefined;
  }
  const { at, prefix, complete, items } = parsed;
  if (typeof at !== 'number' || typeof prefix !== 'string' || !Array.isArray(items)) return undefined;
  if (now < at || now - at >= CACHE_TTL_MS) return undefined;
  if (!word.startsWith(prefix) || (!complete && word !== prefix)) return undefined;
  return { prefix, complete: complete === true, items };
}

/** Writes the file atomically; a cache that cannot be written only costs the next TAB a read. */
export function writeCache(dir: string, file: string, values: CachedValues, now: number): void {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  let made = false;
  try {
    makeDirs(dir);
    if (!trustedCache(dir)) return;
    // A folder made by an older ccp, or by hand, is tightened: the values name the target's records.
    chmodSync(dir, 0o700);
    const body: CacheFile = { at: now, ...values };
    // A new file of its own ('wx': never one that is there, never through a link), then renamed over.
    writeFileSync(tmp, JSON.stringify(body), { mode: 0o600, flag: 'wx' });
    made = true;
    renameSync(tmp, file);
  } catch {
    try {
      if (made) rmSync(tmp, { force: true });
    } catch {}
  }
}

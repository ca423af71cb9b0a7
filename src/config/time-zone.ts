// The system's time zone, which every request names (the time_zone header).
// Why a cache: asking ICU (Intl.DateTimeFormat) loads its data, which costs more than a listing's own work. The answer is kept in the user's cache directory under what ICU reads to find it (TZ, and
// /etc/localtime and /etc/timezone as they are now) and node's version (its ICU); any change asks ICU again.
// A missing or unwritable cache only costs the ICU call.
import { readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeDirs, tighten } from '../domain/dirs.js';
import { trustedCache } from './trust.js';

function fileStamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return '';
  }
}

function linkTarget(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
}

/** What the answer depends on: ICU reads TZ, then /etc/localtime (a link into zoneinfo), then /etc/timezone. */
function zoneKey(): string {
  return JSON.stringify([
    process.version,
    process.env.TZ ?? null,
    linkTarget('/etc/localtime'),
    fileStamp('/etc/localtime'),
    fileStamp('/etc/timezone'),
  ]);
}

function cacheFile(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'ccp', 'time-zone');
}

export function systemTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const key = zoneKey();
  const file = cacheFile(env);
  const dir = dirname(file);
  // A cache another user could have written is not read (config/trust.ts): its zone is sent with every request.
  if (trustedCache(dir) && trustedCache(file)) {
    try {
      const [storedKey, zone] = readFileSync(file, 'utf8').split('\n');
      if (storedKey === key && zone) return zone;
    } catch {}
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  let made = false;
  try {
    makeDirs(dir);
    if (!trustedCache(dir)) return zone;
    tighten(dir, 0o700);
    // A new file of its own ('wx': never one planted under that name, never through a link), renamed over.
    writeFileSync(tmp, `${key}\n${zone}\n`, { mode: 0o600, flag: 'wx' });
    made = true;
    renameSync(tmp, file);
  } catch {
    try {
      if (made) rmSync(tmp, { force: true });
    } catch {}
  }
  return zone;
}

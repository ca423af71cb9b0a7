// A config file another user can change would have ccp run their token-command as this user, or send the
// token to their base URL: like OpenSSH with its own files, ccp refuses to read one. Caches (the time zone,
// completion values) follow the same rule: one another user could change is neither read nor written.
import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tighten } from '../domain/dirs.js';
import { ConfigError } from './config-error.js';

function ownerName(uid: number): string {
  try {
    return userInfo().username;
  } catch {
    return String(uid);
  }
}

/**
 * Why `path` is not to be trusted, with the command that fixes it; undefined when it is fine or absent.
 * The one rule for the config and the caches: owned by the user (or root), written by nobody else, neither
 * its group nor others (0660 and 0770 as much as 0666 and 0777).
 */
function distrust(path: string, what: string, uid: number): string | undefined {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  // Root's own files are trusted too, as OpenSSH trusts them: root could change the user's anyway.
  if (st.uid !== uid && st.uid !== 0) {
    return `${what} ${path} is owned by another user (uid ${st.uid}); fix with: chown ${ownerName(uid)} ${path}`;
  }
  const writers = [st.mode & 0o020 ? 'its group' : '', st.mode & 0o002 ? 'other users' : ''].filter(Boolean);
  if (writers.length > 0) {
    return `${what} ${path} can be written by ${writers.join(' and ')}; fix with: chmod go-w ${path}`;
  }
  return undefined;
}

/**
 * Refuses (exit 2, nothing in the file used) a config file or folder that another user owns or that group or
 * others can write; then takes read access from group and others (0600 file, 0700 folder). The folders above
 * the config folder are not checked (README, "Secrets at rest").
 */
export function checkTrusted(dir: string, file: string): void {
  const uid = process.getuid?.();
  // Windows: no owners or modes to check.
  if (uid === undefined) return;
  const why = distrust(dir, 'the config folder', uid) ?? distrust(file, 'the config file', uid);
  if (why) throw new ConfigError(`${why}; until then ccp does not read it`);
  tighten(dir, 0o700);
  tighten(file, 0o600);
}

/**
 * Whether a cache folder or file may be read or written through: absent, or the user's own (or root's) and
 * writable by neither group nor others, by the config's rule.
 */
export function trustedCache(path: string): boolean {
  const uid = process.getuid?.();
  return uid === undefined || distrust(path, 'the cache', uid) === undefined;
}

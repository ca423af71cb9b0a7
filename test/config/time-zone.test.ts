// The system time zone is kept in the user's cache directory (src/config/time-zone.ts): the kept answer must
// be ICU's own, and a change of what ICU reads (here TZ) must ask ICU again, never serve the old zone.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  tmp = await tempDir('ccp-tz-');
  env = { PATH: process.env.PATH, HOME: tmp.dir, XDG_CONFIG_HOME: join(tmp.dir, 'config') };
});
afterAll(() => tmp.remove());

const zone = async (tz?: string) => {
  const r = await spawnCcp(['config', 'get', 'time-zone'], { env: tz ? { ...env, TZ: tz } : env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};

describe('the system time zone', () => {
  const cache = () => join(tmp.dir, '.cache', 'ccp', 'time-zone');

  it('is what ICU says, first asked and then read back from the cache', async () => {
    // ICU's answer in a process with the same environment (no TZ).
    const icu = execFileSync(process.execPath, ['-p', 'Intl.DateTimeFormat().resolvedOptions().timeZone'], {
      env,
      encoding: 'utf8',
    }).trim();
    expect(existsSync(cache())).toBe(false);
    expect(await zone()).toBe(icu);
    expect(existsSync(cache())).toBe(true);
    expect(await zone()).toBe(icu);
  });

  it('follows TZ at once, each zone as ICU names it', async () => {
    expect(await zone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(await zone('America/New_York')).toBe('America/New_York');
    // A link name comes back canonical, as ICU gives it, whether asked or cached.
    const canonical = new Intl.DateTimeFormat('en', { timeZone: 'US/Pacific' }).resolvedOptions().timeZone;
    expect(await zone('US/Pacific')).toBe(canonical);
    expect(await zone('US/Pacific')).toBe(canonical);
  });

  it('asks ICU again when the cache was made for other inputs, and survives a damaged cache', async () => {
    await zone('Asia/Tokyo');
    const [key] = readFileSync(cache(), 'utf8').split('\n');
    // The same inputs with another answer stored: served as kept (what a cache is) ...
    writeFileSync(cache(), `${key}\nEurope/Paris\n`);
    expect(await zone('Asia/Tokyo')).toBe('Europe/Paris');
    // ... but a key for other inputs is not, nor is a file that is not a cache at all.
    writeFileSync(cache(), `${key!.replace('Asia/Tokyo', 'Asia/Seoul')}\nAsia/Seoul\n`);
    expect(await zone('Asia/Tokyo')).toBe('Asia/Tokyo');
    writeFileSync(cache(), '\0garbage');
    expect(await zone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

// The system time zone is kept in the user's cache directory (src/config/time-zone.ts): the kept answer must
// be ICU's own, and a change of what ICU reads (here TZ) must ask ICU again, never serve the old zone.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, spawnCcp, tempDir } from '../helpers/cli.js';

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

  it.each([
    ['a cache file its group can write (0660)', (file: string) => chmodSync(file, 0o660)],
    ['a cache folder its group can write (0770)', (file: string) => chmodSync(dirname(file), 0o770)],
    ['a cache file others can write (0666)', (file: string) => chmodSync(file, 0o666)],
  ])("%s is not read: the zone is ICU's", async (_label, loosen) => {
    await zone('Asia/Tokyo');
    const [key] = readFileSync(cache(), 'utf8').split('\n');
    writeFileSync(cache(), `${key}\nEurope/Paris\n`);
    loosen(cache());
    try {
      expect(await zone('Asia/Tokyo')).toBe('Asia/Tokyo');
    } finally {
      chmodSync(dirname(cache()), 0o700);
      chmodSync(cache(), 0o600);
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a cache folder another user owns is neither read nor written',
    async () => {
      await zone('Asia/Tokyo');
      const [key] = readFileSync(cache(), 'utf8').split('\n');
      writeFileSync(cache(), `${key}\nEurope/Paris\n`);
      chownSync(dirname(cache()), 65534, 65534);
      chownSync(cache(), 65534, 65534);
      try {
        expect(await zone('Asia/Tokyo')).toBe('Asia/Tokyo');
        expect(await zone('Asia/Seoul')).toBe('Asia/Seoul');
        // Nothing was written there: the planted answer is as it was.
        expect(readFileSync(cache(), 'utf8')).toBe(`${key}\nEurope/Paris\n`);
      } finally {
        chownSync(dirname(cache()), 0, 0);
        chownSync(cache(), 0, 0);
      }
    },
  );

  it('never writes through a link planted at the name of its temp file', async () => {
    await zone('Asia/Tokyo');
    const victim = join(tmp.dir, 'precious');
    writeFileSync(victim, 'keep\n', { mode: 0o600 });
    // The link named for the pid ccp will have: `exec` keeps the shell's.
    const r = spawnSync(
      'sh',
      [
        '-c',
        'ln -s "$1" "$2.$$.tmp" && exec "$3" "$4" config get time-zone',
        'sh',
        victim,
        cache(),
        process.execPath,
        BIN,
      ],
      { env: { ...env, TZ: 'Asia/Seoul' }, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('Asia/Seoul');
    expect(readFileSync(victim, 'utf8')).toBe('keep\n');
    expect(readFileSync(cache(), 'utf8')).toContain('Asia/Seoul');
  });
});

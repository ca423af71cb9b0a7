// A cache is a convenience: an odd place for it must never hold a command up. XDG_CACHE_HOME under /proc
// once hung every command at exit (node's recursive mkdirSync never returns there).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  tmp = await tempDir('ccp-odd-env-');
  const seeded = await spawnCcp(['server', 'seed', '--demo', '--db', join(tmp.dir, 'odd.db')], {
    env: isolatedEnv(tmp.dir),
  });
  expect(seeded.code, seeded.stderr).toBe(0);
});

afterAll(async () => {
  await tmp.remove();
});

it.each(['/proc', '/proc/self/ccp-cache', '/sys/ccp'])(
  'XDG_CACHE_HOME=%s: a listing on the embedded default still finishes, and promptly',
  async (cache) => {
    const env = isolatedEnv(tmp.dir, { XDG_CACHE_HOME: cache, CCP_DB: join(tmp.dir, 'odd.db') });
    // The system time zone is looked up, and cached, only when TZ does not name one.
    delete env.TZ;
    const started = Date.now();
    const r = await spawnCcp(['codetype', 'list', '-o', 'json'], { env, timeoutMs: 15_000 });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  },
);

// `ccp status` on the embedded default: the database's path, size, counts and integrity check.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-status-');
  env = isolatedEnv(tmp.dir);
  expect((await spawnCcp(['server', 'seed', '--demo'], { env })).code).toBe(0);
});

afterAll(() => tmp.remove());

describe('ccp status on the embedded default', () => {
  it('gives the database path, size, a count of each record kind and the integrity check; exit 0', async () => {
    const r = await spawnCcp(['status', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      ok: true,
      target: 'embedded server (local database)',
      reachable: { ok: true },
      credentials: { ok: true },
      timeZone: 'UTC',
      database: {
        ok: true,
        path: join(tmp.dir, 'data', 'ccp', 'ccp.db'),
        integrity: 'ok',
        counts: { edgeDevices: 300, organizations: 8 },
      },
    });
    expect(s.database.sizeBytes).toBeGreaterThan(0);
    expect(Object.keys(s.database.counts)).toEqual([
      'organizations',
      'edgeDevices',
      'edgeFlows',
      'codeTypes',
      'codes',
      'licenses',
      'notifications',
      'tokens',
    ]);
    expect(s.tls).toBeUndefined();
  });

  it('a file that is not a database fails the command, not silently', async () => {
    const bad = join(tmp.dir, 'bad.db');
    writeFileSync(bad, 'this is not SQLite');
    const r = await spawnCcp(['--db', bad, 'status', '-o', 'json'], { env });
    expect(r.code).not.toBe(0);
  });
});

// decisions.md "Several processes, one database", for the embedded default: commands started together on a
// new HOME create and seed one database and share one token; parallel writes all succeed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ensureBuilt, isolatedEnv, spawnCcp, tempDir } from '../../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let dbPath: string;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-together-');
  env = isolatedEnv(tmp.dir);
  dbPath = join(tmp.dir, 'data', 'ccp', 'ccp.db');
});
afterAll(() => tmp.remove());

function query<T>(sql: string): T[] {
  const db = openSqlite(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const eight = <T>(f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 8 }, (_, i) => f(i)));

describe('the embedded default under commands started together', () => {
  it('8 commands started together on an empty HOME: one database, seeded once, one token, all succeed', async () => {
    const runs = await eight(() =>
      spawnCcp(['edgedevice', 'list', '-o', 'json'], { env, timeoutMs: 150_000 }),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const lists = runs.map((r) => (JSON.parse(r.stdout) as unknown[]).length);
    expect(new Set(lists).size).toBe(1);
    expect(lists[0]).toBeGreaterThan(0);
    const notes = runs.filter((r) => /with demo data/.test(r.stderr));
    expect(notes).toHaveLength(1);
    const seeded = Number(/\((\d+) organizations/.exec(notes[0]!.stderr)?.[1]);
    expect(query<{ n: number }>('SELECT count(*) AS n FROM organizations')[0]!.n).toBe(seeded);
    expect(query<{ n: number }>('SELECT count(*) AS n FROM tokens')[0]!.n).toBe(1);
    const config = JSON.parse(readFileSync(join(tmp.dir, 'config', 'ccp', 'config.json'), 'utf8'));
    expect(Object.keys(config.embedded)).toEqual([dbPath]);
  }, 180_000);

  it('8 parallel edgedevice add on the embedded default all succeed', async () => {
    const root = query<{ uuid: string }>(
      'SELECT uuid FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid LIMIT 1',
    )[0]!.uuid;
    const user = 'b0000000-0000-4000-8000-000000000001';
    const before = query<{ n: number }>('SELECT count(*) AS n FROM edge_devices')[0]!.n;
    const runs = await eight((i) =>
      spawnCcp(
        [
          'edgedevice',
          'add',
          '--org',
          root,
          '--user',
          user,
          '--name',
          `together-${i}`,
          '--serial',
          `TOGETHER-${i}`,
          '-o',
          'json',
        ],
        { env, timeoutMs: 150_000 },
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const after = query<{ n: number }>('SELECT count(*) AS n FROM edge_devices')[0]!.n;
    expect(after - before).toBe(8);
  }, 180_000);
});

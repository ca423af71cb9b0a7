// cli.md "The first hour": `server seed --demo` on a database whose demo records were changed replaces nothing
// without --force (a terminal asks; without one it refuses, exit 2, naming --force). Seeding an unchanged or
// an empty database goes on as before; tokens are not demo records.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-seed-changed-');
  env = isolatedEnv(tmp.dir);
});
afterAll(() => tmp.remove());

async function seeded(name: string): Promise<string> {
  const db = join(tmp.dir, name);
  const r = await spawnCcp(['server', 'seed', '--demo', '--db', db], { env });
  expect(r.code, r.stderr).toBe(0);
  return db;
}

function sql<T>(db: string, fn: (d: ReturnType<typeof openSqlite>) => T): T {
  const d = openSqlite(db);
  try {
    return fn(d);
  } finally {
    d.close();
  }
}

const regionName = (db: string) =>
  sql(db, (d) =>
    d.prepare("SELECT org_name FROM organizations WHERE org_name LIKE 'Acme West%'").pluck().get(),
  );

describe('server seed --demo on a database seeded before', () => {
  it('an empty database and an unchanged one are seeded (a token made meanwhile is no change)', async () => {
    const db = join(tmp.dir, 'plain.db');
    for (let i = 0; i < 2; i++) {
      const r = await spawnCcp(['server', 'seed', '--demo', '--db', db], { env });
      expect(r.code, r.stderr).toBe(0);
      if (i === 0) {
        const org = sql(db, (d) =>
          d.prepare('SELECT uuid FROM organizations WHERE parent_uuid IS NULL').pluck().get(),
        ) as string;
        const t = await spawnCcp(['server', 'token', 'create', '--org', org, '--role', 'admin', '--db', db], {
          env,
        });
        expect(t.code, t.stderr).toBe(0);
      }
    }
  });

  it('a changed organization is not replaced without --force: exit 2 naming --force, nothing written', async () => {
    const db = await seeded('changed.db');
    sql(db, (d) =>
      d.exec("UPDATE organizations SET org_name = 'Acme West Region' WHERE org_name = 'Acme West'"),
    );
    sql(db, (d) => d.exec("UPDATE edge_devices SET location = 'moved' WHERE rowid IN (1, 2)"));
    const r = await spawnCcp(['server', 'seed', '--demo', '--db', db], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('1 organizations, 2 edge devices');
    expect(r.stderr).toContain('--force');
    expect(regionName(db)).toBe('Acme West Region');

    const forced = await spawnCcp(['server', 'seed', '--demo', '--force', '--db', db], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(regionName(db)).toBe('Acme West');
  });

  it('on a terminal it asks: no keeps the change, yes replaces it', async () => {
    const db = await seeded('asked.db');
    sql(db, (d) =>
      d.exec("UPDATE organizations SET org_name = 'Acme West Region' WHERE org_name = 'Acme West'"),
    );
    const no = runInPty(['server', 'seed', '--demo', '--db', db], env);
    await no.waitFor(/Replace them with the demo data\?/);
    no.type('n\r');
    expect((await no.exited).code, no.text()).toBe(0);
    expect(no.text()).toContain('Not seeded');
    expect(regionName(db)).toBe('Acme West Region');

    const yes = runInPty(['server', 'seed', '--demo', '--db', db], env);
    await yes.waitFor(/Replace them with the demo data\?/);
    yes.type('y\r');
    expect((await yes.exited).code, yes.text()).toBe(0);
    expect(regionName(db)).toBe('Acme West');
  });
});

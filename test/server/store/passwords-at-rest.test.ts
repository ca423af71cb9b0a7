// The database keeps no password in clear, and is its owner's alone (cli.md, "Secrets at rest").
import { scryptSync } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/index.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ccp-pw-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const matches = (stored: string, password: string) => {
  const [, n, r, p, salt, hash] = stored.split('$');
  return scryptSync(password, Buffer.from(salt!, 'base64'), 32, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }).equals(Buffer.from(hash!, 'base64'));
};

describe('the migration that hashes stored passwords', () => {
  it('turns every password an earlier version stored in clear into its salted hash, and only those', () => {
    const path = join(dir, 'old.db');
    // A database as the third schema left it: two references, one with a password in clear.
    const old = openSqlite(path);
    for (const m of MIGRATIONS.slice(0, 3)) old.exec(m);
    old.pragma('user_version = 3');
    old.exec(`
      INSERT INTO organizations (uuid, created_on, updated_on) VALUES ('o', 1, 1);
      INSERT INTO edge_devices (uuid, org_uuid, created_on, modified_on) VALUES ('d', 'o', 1, 1);
      INSERT INTO external_references (uuid, device_uuid, password, created_on, modified_on)
        VALUES ('with', 'd', 'in-clear-PW', 1, 1), ('without', 'd', NULL, 1, 1);
    `);
    old.close();
    const store = openStore(path);
    try {
      const rows = store.db.prepare('SELECT uuid, password FROM external_references ORDER BY uuid').all() as {
        uuid: string;
        password: string | null;
      }[];
      expect(rows[0]!.uuid).toBe('with');
      expect(rows[0]!.password).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
      expect(matches(rows[0]!.password!, 'in-clear-PW')).toBe(true);
      expect(rows[1]).toEqual({ uuid: 'without', password: null });
    } finally {
      store.close();
    }
  });
});

describe('the database file', () => {
  it('is created 0600 in a 0700 folder, and its -wal and -shm take that mode', () => {
    const path = join(dir, 'new', 'ccp.db');
    const store = openStore(path);
    try {
      store.db.exec("INSERT INTO organizations (uuid, created_on, updated_on) VALUES ('o', 1, 1)");
      for (const f of [path, `${path}-wal`, `${path}-shm`]) expect(statSync(f).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'new')).mode & 0o777).toBe(0o700);
    } finally {
      store.close();
    }
  });

  it('is tightened when opened, but a folder named by --db is left as the user set it', () => {
    const path = join(dir, 'ccp.db');
    openStore(path).close();
    chmodSync(path, 0o644);
    chmodSync(dir, 0o755);
    openStore(path).close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });
});

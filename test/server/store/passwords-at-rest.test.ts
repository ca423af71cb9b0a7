// The database keeps no password, in clear or hashed, and is its owner's alone (cli.md, "Secrets at rest").
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/** A database as an earlier schema left it, with two references: one whose password column holds `password`. */
function oldDatabase(path: string, version: number, password: string): void {
  const old = openSqlite(path);
  // Migration 4 calls hash_password, as it did when it was shipped: the stored form is the test's own.
  old.function('hash_password', (v: unknown) => (v == null ? null : String(v)));
  for (const m of MIGRATIONS.slice(0, version)) old.exec(m);
  old.pragma(`user_version = ${version}`);
  old.exec(`
    INSERT INTO organizations (uuid, created_on, updated_on) VALUES ('o', 1, 1);
    INSERT INTO edge_devices (uuid, org_uuid, created_on, modified_on) VALUES ('d', 'o', 1, 1);
  `);
  old
    .prepare(
      `INSERT INTO external_references (uuid, device_uuid, password, created_on, modified_on)
        VALUES ('with', 'd', ?, 1, 1), ('without', 'd', NULL, 1, 1)`,
    )
    .run(password);
  old.close();
}

// A password stored as migration 4 left it (scrypt$N$r$p$salt$hash).
const HASH = 'scrypt$4096$8$1$c2FsdC1vZi1zaXh0ZWVuIQ==$aGFzaC1vZi10aGlydHktdHdvLWJ5dGVzLWxvbmctLS0=';

describe('the migration that drops stored passwords', () => {
  it.each([
    ['hashes (schema 5)', 5, HASH],
    ['passwords in clear (schema 3)', 3, 'in-clear-PW'],
  ])(
    'on a database with %s: keeps whether one was set, and nothing of it is left in the file',
    (_, version, pw) => {
      const path = join(dir, 'old.db');
      oldDatabase(path, version, pw);
      expect(readFileSync(path).toString('latin1')).toContain(pw);
      const store = openStore(path);
      try {
        const rows = store.db.prepare('SELECT uuid, password FROM external_references ORDER BY uuid').all();
        expect(rows).toEqual([
          { uuid: 'with', password: '********' },
          { uuid: 'without', password: null },
        ]);
      } finally {
        store.close();
      }
      // Closed: the WAL is written back and removed; neither the password nor any part of it is in the file.
      expect(existsSync(`${path}-wal`)).toBe(false);
      const file = readFileSync(path).toString('latin1');
      for (const part of pw.split('$').filter((p) => p.length >= 8)) expect(file).not.toContain(part);
    },
  );
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

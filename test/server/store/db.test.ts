import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEngine as openStore } from '../../../src/server/store/db.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { tempStore } from './temp-store.js';

describe('openStore', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('sets WAL, foreign keys and a busy timeout, and migrates to the latest user_version', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    const { db } = t.engine;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // The port waits 10 s in all for a lock: briefly in SQLite's handler (which sleeps the thread), then async.
    expect(t.engine.busyTimeoutMs).toBe(10_000);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(20);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['organizations', 'edge_devices', 'edge_flows', 'tokens']));
  });

  it('reopens an existing file without re-running migrations and keeps its rows', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    t.engine.db.prepare("INSERT INTO organizations (uuid, created_on, updated_on) VALUES ('x', 1, 1)").run();
    const path = t.engine.path;
    t.engine.close();
    const again = openStore(path);
    expect(again.db.prepare('SELECT count(*) FROM organizations').pluck().get()).toBe(1);
    again.close();
  });

  it('refuses a database from a newer schema than it knows', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    const path = join(t.dir, 'newer.db');
    const raw = openSqlite(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openStore(path)).toThrow(/newer/);
  });

  it('enforces foreign keys: a device of an unknown organization is refused', () => {
    const t = tempStore();
    cleanup = t.cleanup;
    expect(() =>
      t.engine.edgeDevices.insert(
        { uuid: 'd0000000-0000-4000-8000-000000000001', orgUUID: 'a0000000-0000-4000-8000-00000000dead' },
        1,
      ),
    ).toThrow(/FOREIGN KEY/);
  });
});

describe('store.version', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('stays while nothing is written and changes on a write here or by another connection', () => {
    const t = tempStore();
    const other = openSqlite(t.engine.path);
    cleanup = () => {
      other.close();
      t.cleanup();
    };
    const insert = 'INSERT INTO organizations (uuid, created_on, updated_on) VALUES (?, 1, 1)';
    const v0 = t.engine.version();
    t.engine.read(() => t.engine.db.prepare('SELECT count(*) FROM organizations').get());
    expect(t.engine.version()).toBe(v0);
    t.engine.tx(() => t.engine.db.prepare(insert).run('here'));
    const v1 = t.engine.version();
    expect(v1).not.toBe(v0);
    other.prepare(insert).run('there');
    expect(t.engine.version()).not.toBe(v1);
  });
});

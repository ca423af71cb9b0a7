// Who owns a notification: the saving token's organization over the interface; in a fixture, its
// organizationUuid key or the first root organization; after the migration, the first root organization.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importFixture } from '../../../src/server/index.js';
import { openSqliteEngine as openStore } from '../../../src/server/store/db.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ORG, TREE, tempStore } from '../store/temp-store.js';

const N1 = 'f1000000-0000-4000-8000-000000000001';
const N2 = 'f1000000-0000-4000-8000-000000000002';

describe('notification owners in fixtures', () => {
  let t: ReturnType<typeof tempStore>;
  afterEach(() => t.cleanup());

  it('organizationUuid names the owner; without it, the first root organization owns it', async () => {
    t = tempStore();
    await importFixture(t.store, {
      ...TREE,
      notifications: [
        { uuid: N1, type: 'EMAIL', organizationUuid: ORG.child },
        { uuid: N2, type: 'SMS' },
      ],
    });
    expect(t.engine.notifications.owner(N1)).toBe(ORG.child);
    expect(t.engine.notifications.owner(N2)).toBe(t.engine.organizations.roots()[0]?.uuid);
    expect(t.engine.notifications.all('UTC', ORG.child).map((n) => n.uuid)).toEqual([N1]);
  });

  it('an unknown owner, or none to default to, is refused and nothing is stored', async () => {
    t = tempStore();
    const unknown = { ...TREE, notifications: [{ type: 'EMAIL', organizationUuid: N1 }] };
    await expect(importFixture(t.store, unknown)).rejects.toThrow(/notifications\[0\]\.organizationUuid/);
    await expect(importFixture(t.store, { notifications: [{ type: 'EMAIL' }] })).rejects.toThrow(
      /notifications\[0\]\.organizationUuid/,
    );
    expect(t.engine.db.prepare('SELECT count(*) FROM notifications').pluck().get()).toBe(0);
  });
});

describe('the migration that adds owners', () => {
  it('gives notifications stored before it to the first root organization', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccp-owner-'));
    try {
      const path = join(dir, 'old.db');
      // A database as the first schema left it, with a notification and two roots (the older one first).
      const old = openSqlite(path);
      old.exec(MIGRATIONS[0]!);
      old.pragma('user_version = 1');
      const org = old.prepare('INSERT INTO organizations (uuid, created_on, updated_on) VALUES (?, ?, ?)');
      org.run(ORG.other, 2, 2);
      org.run(ORG.root, 1, 1);
      old
        .prepare('INSERT INTO notifications (uuid, type, created_on, updated_on) VALUES (?, ?, 1, 1)')
        .run(N1, 'X');
      old.close();
      const store = openStore(path);
      try {
        expect(store.notifications.owner(N1)).toBe(ORG.root);
      } finally {
        store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

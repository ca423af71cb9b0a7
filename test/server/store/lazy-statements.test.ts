// The store prepares a statement when it is first run, not when the store opens: a command runs a few of
// its ninety, and a first page paid for preparing them all.
import { describe, expect, it } from 'vitest';
import { importFixture, openStore } from '../../../src/server/index.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { ORG, TREE, tempStore } from './temp-store.js';

describe('statements prepared when first run', () => {
  it('opens a store and lists its devices with tables it never reads gone', () => {
    const t = tempStore();
    try {
      importFixture(t.store, TREE);
      t.store.close();
      // What a listing never touches: a statement prepared over them fails at once (no such table).
      const raw = openSqlite(t.store.path);
      raw.exec('DROP TABLE notification_options; DROP TABLE licenses');
      raw.close();
      const store = openStore(t.store.path);
      try {
        expect(store.read(() => store.edgeDevices.page(ORG.root, 10, 0, 'UTC'))).toEqual([]);
        expect(() => store.licenses.row('a0000000-0000-4000-8000-00000000000f')).toThrow(
          /no such table: licenses/,
        );
      } finally {
        store.close();
      }
    } finally {
      t.cleanup();
    }
  });
});

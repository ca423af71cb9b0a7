import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, fixedClock } from '../../../src/domain/clock.js';
import type { Store } from '../../../src/server/index.js';
import { openSqliteForTest, type SqliteEngine } from '../../helpers/sqlite-engine.js';

export const NOW = Date.UTC(2026, 10, 21, 4, 0, 0, 0);

/**
 * A store over a fresh SQLite file in a temp dir, with the engine under it (the same connection: its handle and
 * synchronous repositories); `cleanup` closes it and removes the dir.
 */
export function tempStore(clock: Clock = fixedClock(NOW)): {
  store: Store;
  engine: SqliteEngine;
  dir: string;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-store-'));
  const { store, engine } = openSqliteForTest(join(dir, 'ccp.db'), { clock });
  return {
    store,
    engine,
    dir,
    cleanup() {
      engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ORG = {
  root: 'a0000000-0000-4000-8000-000000000001',
  child: 'a0000000-0000-4000-8000-000000000002',
  grandchild: 'a0000000-0000-4000-8000-000000000003',
  other: 'a0000000-0000-4000-8000-000000000009',
} as const;

/** Root -> child -> grandchild, and an unrelated root; listed children first to prove order does not matter. */
export const TREE = {
  organizations: [
    { uuid: ORG.grandchild, orgName: 'Grandchild', organizationUuid: ORG.child },
    {
      uuid: ORG.child,
      orgName: 'Child',
      organizationUuid: ORG.root,
      orgAddress: { city: 'Pune', pin: '411001' },
    },
    { uuid: ORG.root, orgName: 'Root' },
    { uuid: ORG.other, orgName: 'Other' },
  ],
};

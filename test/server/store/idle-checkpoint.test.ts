// A serving process's SQLite connection folds the WAL back into the database once writes pause, not inside
// the write that fills it past SQLite's 1,000 pages (a checkpoint there, with its fsyncs, held a request).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/store/open.js';
import type { Store } from '../../../src/server/store/port.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes about 1,500 pages (6 MB) in transactions of 300 organizations, each with 2 KB of text. */
async function fill(store: Store): Promise<void> {
  const pad = 'x'.repeat(2000);
  for (let t = 0; t < 10; t++)
    await store.tx(async (s) => {
      for (let i = 0; i < 300; i++) {
        const n = t * 300 + i;
        await s.organizations.put(
          { uuid: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, orgName: `org ${n} ${pad}` },
          Date.UTC(2026, 0, 1),
        );
      }
    });
}

const size = (path: string) => statSync(path).size;

describe('the WAL of a serving store', () => {
  it('is folded back once writes pause, not by the write that fills it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccp-wal-'));
    dirs.push(dir);
    const path = join(dir, 'ccp.db');
    const store = await openStore(path, { serving: true });
    try {
      const before = size(path);
      await fill(store);
      // No checkpoint yet: the pages are in the WAL alone.
      expect(size(`${path}-wal`)).toBeGreaterThan(5_000_000);
      expect(size(path)).toBe(before);
      await new Promise((r) => setTimeout(r, 600));
      expect(size(path)).toBeGreaterThan(before + 5_000_000);
    } finally {
      await store.close();
    }
  });

  it('is folded back by the write that fills it in a command that does not serve (SQLite default)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ccp-wal-'));
    dirs.push(dir);
    const path = join(dir, 'ccp.db');
    const store = await openStore(path);
    try {
      const before = size(path);
      await fill(store);
      expect(size(path)).toBeGreaterThan(before + 2_000_000);
    } finally {
      await store.close();
    }
  });
});

// The embedded default's start as the server does it, with no CLI around it: the token kept in a book the
// test holds, the demo data seeded once, and an empty database named otherwise refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AccessBook,
  type EmbeddedAccess,
  EmptyDatabaseError,
  openEmbeddedDatabase,
  serveEmbedded,
} from '../../../src/server/embedded.js';

function memoryBook(): AccessBook & { kept: EmbeddedAccess[] } {
  const kept: EmbeddedAccess[] = [];
  return {
    kept,
    read: async () => kept.at(-1),
    open: async () => ({ read: () => kept.at(-1), write: (a) => kept.push(a) }),
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ccp-bootstrap-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the embedded bootstrap', () => {
  it('makes the default database with its folder, seeds it once and keeps one token for it', async () => {
    const path = join(dir, 'data', 'ccp.db');
    const book = memoryBook();
    const notes: string[] = [];
    for (let run = 0; run < 2; run++) {
      const db = await openEmbeddedDatabase({ location: path, defaultPath: path });
      expect(db.isNew).toBe(run === 0);
      const served = await serveEmbedded(db, { book, note: (l) => notes.push(l) });
      expect(served.token).toBe(book.kept[0]?.token);
      expect((await served.facts()).counts?.organizations).toBeGreaterThan(0);
      expect((await served.actsFor(served.token))?.role).toBe('admin');
      await served.close();
    }
    expect(book.kept).toHaveLength(1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`created ${path} with demo data`);
  });

  it('refuses a database named otherwise that holds no organization, and writes no token', async () => {
    const path = join(dir, 'empty.db');
    const { openStore } = await import('../../../src/server/index.js');
    await (await openStore(path, { create: true })).close();
    const book = memoryBook();
    const db = await openEmbeddedDatabase({ location: path, defaultPath: join(dir, 'other.db') });
    await expect(serveEmbedded(db, { book, note: () => {} })).rejects.toBeInstanceOf(EmptyDatabaseError);
    expect(book.kept).toEqual([]);
  });
});

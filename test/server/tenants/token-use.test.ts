// A token's last use, for `ccp server token list`: written at most once a minute per token, so requests do
// not each pay a write; revoked by id, a token is refused by the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { authenticator } from '../../../src/server/auth.js';
import { createToken, importFixture, revokeToken, type Store } from '../../../src/server/index.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { NOW, ORG, TREE, tempStore } from '../store/temp-store.js';

describe('token use and revocation by id', () => {
  const clock = fixedClock(NOW);
  let t: ReturnType<typeof tempStore>;
  let store: Store;
  beforeAll(async () => {
    t = tempStore(clock);
    store = t.store;
    await importFixture(store, TREE);
  });
  afterAll(() => t.cleanup());

  const entry = async (id?: string) =>
    (await store.tokens.list()).find((e) => id === undefined || e.id === id);

  it('lists a token by id without the token; last use written on first use, then at most once a minute', async () => {
    const token = await createToken(store, { orgUuid: ORG.child, role: 'viewer' });
    const [listed] = await store.tokens.list();
    expect(listed).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      orgUuid: ORG.child,
      role: 'viewer',
      userUuid: null,
      createdOn: NOW,
      lastUsedOn: null,
    });
    expect(JSON.stringify(await store.tokens.list())).not.toContain(token.slice(4));
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    clock.set(NOW + 1000);
    await auth(headers);
    expect((await entry(listed!.id))!.lastUsedOn).toBe(NOW + 1000);
    const writes = t.engine.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    clock.set(NOW + 50_000);
    for (let i = 0; i < 100; i++) await auth(headers);
    expect((t.engine.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n).toBe(writes.n);
    expect((await entry(listed!.id))!.lastUsedOn).toBe(NOW + 1000);
    clock.set(NOW + 61_001);
    await auth(headers);
    expect((await entry(listed!.id))!.lastUsedOn).toBe(NOW + 61_001);
    // Another authenticator (another process) reads the last use back: no write within its minute either.
    clock.set(NOW + 62_000);
    await authenticator(store)(headers);
    expect((await entry(listed!.id))!.lastUsedOn).toBe(NOW + 61_001);
  });

  it('never waits for another connection’s write lock to write a last use', async () => {
    const token = await createToken(store, { orgUuid: ORG.child, role: 'operator' });
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    const other = openSqlite(t.engine.path);
    const wait = t.engine.db.pragma('busy_timeout', { simple: true });
    other.exec('BEGIN IMMEDIATE');
    try {
      clock.set(NOW + 10 * 60_000);
      // The store waits up to 10 s for a lock; the test's own limit (5 s) fails a request that waited.
      expect((await auth(headers)).role).toBe('operator');
      expect(t.engine.db.pragma('busy_timeout', { simple: true })).toBe(wait);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  }, 5000);

  it('revokes by id: the next request is refused, the list no longer has it, a second revoke finds none', async () => {
    const token = await createToken(store, { orgUuid: ORG.root, role: 'admin' });
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    expect((await auth(headers)).role).toBe('admin');
    const id = (await store.tokens.list()).find((e) => e.role === 'admin')!.id;
    expect(await revokeToken(store, id.toUpperCase())).toBe(true);
    await expect(auth(headers)).rejects.toThrow(/unauthorized/i);
    expect(await entry(id)).toBeUndefined();
    expect(await revokeToken(store, id)).toBe(false);
  });

  it('a check that began before a revocation and ends after another check saw it leaves no grant behind', async () => {
    const token = await createToken(store, { orgUuid: ORG.child, role: 'viewer' });
    const id = (await store.tokens.list()).at(-1)!.id;
    const headers = { authorization: `Bearer ${token}` };
    // The store as two requests meet it: the change token the test moves, and the first lookup held by the
    // test once it has read the token.
    let changeToken = 'before';
    let lookups = 0;
    let looked!: () => void;
    const lookedUp = new Promise<void>((r) => {
      looked = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tokens = {
      ...store.tokens,
      async find(hash: string) {
        const found = await store.tokens.find(hash);
        if (lookups++ === 0) {
          looked();
          await held;
        }
        return found;
      },
    };
    const view: Store = Object.create(store, {
      changeToken: { value: async () => changeToken },
      tokens: { value: tokens },
    });
    const auth = authenticator(view);
    const early = auth(headers);
    await lookedUp;
    expect(await revokeToken(store, id)).toBe(true);
    changeToken = 'after';
    await expect(auth(headers)).rejects.toThrow(/unauthorized/i);
    release();
    // The early check read the token before its revocation: its own answer stands, and nothing more.
    expect((await early).role).toBe('viewer');
    await expect(auth(headers)).rejects.toThrow(/unauthorized/i);
  });

  it('checks a token once for a command: the grant found at its start answers its requests', async () => {
    const token = await createToken(store, { orgUuid: ORG.child, role: 'viewer' });
    const auth = authenticator(store);
    clock.set(NOW + 100 * 60_000);
    // The first use writes its last use (a write makes every grant be looked up again): done with here.
    await auth({ authorization: `Bearer ${token}` });
    const find = store.tokens.find;
    let lookups = 0;
    store.tokens.find = (hash) => {
      lookups++;
      return find(hash);
    };
    try {
      const other = await createToken(store, { orgUuid: ORG.root, role: 'admin' });
      expect((await auth.grantOf(other))?.role).toBe('admin');
      // The request writes the token's first use: the one check before it was the only one.
      expect((await auth({ authorization: `Bearer ${other}` })).role).toBe('admin');
      expect(lookups).toBe(1);
      expect(await auth.grantOf(`${other}x`)).toBeUndefined();
    } finally {
      store.tokens.find = find;
    }
  });
});

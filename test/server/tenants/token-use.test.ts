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
  beforeAll(() => {
    t = tempStore(clock);
    store = t.store;
    importFixture(store, TREE);
  });
  afterAll(() => t.cleanup());

  const entry = (id?: string) => store.tokens.list().find((e) => id === undefined || e.id === id);

  it('lists a token by id without the token; last use written on first use, then at most once a minute', () => {
    const token = createToken(store, { orgUuid: ORG.child, role: 'viewer' });
    const [listed] = store.tokens.list();
    expect(listed).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      orgUuid: ORG.child,
      role: 'viewer',
      userUuid: null,
      createdOn: NOW,
      lastUsedOn: null,
    });
    expect(JSON.stringify(store.tokens.list())).not.toContain(token.slice(4));
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    clock.set(NOW + 1000);
    auth(headers);
    expect(entry(listed!.id)!.lastUsedOn).toBe(NOW + 1000);
    const writes = store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    clock.set(NOW + 50_000);
    for (let i = 0; i < 100; i++) auth(headers);
    expect((store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n).toBe(writes.n);
    expect(entry(listed!.id)!.lastUsedOn).toBe(NOW + 1000);
    clock.set(NOW + 61_001);
    auth(headers);
    expect(entry(listed!.id)!.lastUsedOn).toBe(NOW + 61_001);
    // Another authenticator (another process) reads the last use back: no write within its minute either.
    clock.set(NOW + 62_000);
    authenticator(store)(headers);
    expect(entry(listed!.id)!.lastUsedOn).toBe(NOW + 61_001);
  });

  it('never waits for another connection’s write lock to write a last use', () => {
    const token = createToken(store, { orgUuid: ORG.child, role: 'operator' });
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    const other = openSqlite(store.path);
    other.exec('BEGIN IMMEDIATE');
    try {
      clock.set(NOW + 10 * 60_000);
      // The store waits up to 10 s for a lock; the test's own limit (5 s) fails a request that waited.
      expect(auth(headers).role).toBe('operator');
      expect(store.db.pragma('busy_timeout', { simple: true })).toBe(store.busyTimeoutMs);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  }, 5000);

  it('revokes by id: the next request is refused, the list no longer has it, a second revoke finds none', () => {
    const token = createToken(store, { orgUuid: ORG.root, role: 'admin' });
    const auth = authenticator(store);
    const headers = { authorization: `Bearer ${token}` };
    expect(auth(headers).role).toBe('admin');
    const id = store.tokens.list().find((e) => e.role === 'admin')!.id;
    expect(revokeToken(store, id.toUpperCase())).toBe(true);
    expect(() => auth(headers)).toThrow(/unauthorized/i);
    expect(entry(id)).toBeUndefined();
    expect(revokeToken(store, id)).toBe(false);
  });

  it('checks a token once for a command: the grant found at its start answers its requests', () => {
    const token = createToken(store, { orgUuid: ORG.child, role: 'viewer' });
    const auth = authenticator(store);
    clock.set(NOW + 100 * 60_000);
    // The first use writes its last use (a write makes every grant be looked up again): done with here.
    auth({ authorization: `Bearer ${token}` });
    const find = store.tokens.find;
    let lookups = 0;
    store.tokens.find = (hash) => {
      lookups++;
      return find(hash);
    };
    try {
      const other = createToken(store, { orgUuid: ORG.root, role: 'admin' });
      expect(auth.grantOf(other)?.role).toBe('admin');
      // The request writes the token's first use: the one check before it was the only one.
      expect(auth({ authorization: `Bearer ${other}` }).role).toBe('admin');
      expect(lookups).toBe(1);
      expect(auth.grantOf(`${other}x`)).toBeUndefined();
    } finally {
      store.tokens.find = find;
    }
  });
});

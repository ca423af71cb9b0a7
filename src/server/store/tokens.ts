import type Database from 'better-sqlite3';
import type { TokenEntry, TokenGrant } from '../../domain/grants.js';
import { type TokenRow as Row, tokenEntryOf, tokenGrantOf } from './entities.js';
import { TOKEN_ID_LENGTH } from './port.js';
import { prepared } from './sqlite.js';

export function tokenRepo(db: Database.Database) {
  const insert = prepared(() =>
    db.prepare('INSERT INTO tokens (hash, org_uuid, role, user_uuid, created_on) VALUES (?, ?, ?, ?, ?)'),
  );
  const find = prepared(() =>
    db.prepare<[string], Row>('SELECT * FROM tokens WHERE hash = ? AND revoked_on IS NULL'),
  );
  const revoke = prepared(() =>
    db.prepare('UPDATE tokens SET revoked_on = ? WHERE hash = ? AND revoked_on IS NULL'),
  );
  const revokeId = prepared(() =>
    db.prepare<[number, string]>(
      `UPDATE tokens SET revoked_on = ? WHERE substr(hash, 1, ${TOKEN_ID_LENGTH}) = ? AND revoked_on IS NULL`,
    ),
  );
  const list = prepared(() =>
    db.prepare<[], Row>('SELECT * FROM tokens WHERE revoked_on IS NULL ORDER BY created_on, hash'),
  );
  const touch = prepared(() => db.prepare('UPDATE tokens SET last_used_on = ? WHERE hash = ?'));
  return {
    insert: (hash: string, grant: TokenGrant, now: number) =>
      insert().run(hash, grant.orgUuid, grant.role, grant.userUuid, now),
    find(hash: string): (TokenGrant & { lastUsedOn: number | null }) | undefined {
      const r = find().get(hash);
      return r ? tokenGrantOf(r) : undefined;
    },
    revoke: (hash: string, now: number) => revoke().run(now, hash).changes > 0,
    /** Revokes the live token of this id; false when none has it. */
    revokeById: (id: string, now: number) => revokeId().run(now, id.toLowerCase()).changes > 0,
    list: (): TokenEntry[] => list().all().map(tokenEntryOf),
    /** Writes a token's last use, or throws SQLITE_BUSY at once: a request never waits on a lock for it. */
    touch(hash: string, now: number): void {
      const wait = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      try {
        touch().run(now, hash);
      } finally {
        db.pragma(`busy_timeout = ${wait}`);
      }
    },
  };
}

export type TokenRepo = ReturnType<typeof tokenRepo>;

import type Database from 'better-sqlite3';

export const ROLES = ['admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface TokenGrant {
  orgUuid: string;
  role: Role;
  userUuid: string | null;
}

export function tokenRepo(db: Database.Database) {
  const insert = db.prepare(
    'INSERT INTO tokens (hash, org_uuid, role, user_uuid, created_on) VALUES (?, ?, ?, ?, ?)',
  );
  const find = db.prepare<[string], { org_uuid: string; role: Role; user_uuid: string | null }>(
    'SELECT org_uuid, role, user_uuid FROM tokens WHERE hash = ? AND revoked_on IS NULL',
  );
  const revoke = db.prepare('UPDATE tokens SET revoked_on = ? WHERE hash = ? AND revoked_on IS NULL');
  return {
    insert: (hash: string, grant: TokenGrant, now: number) =>
      insert.run(hash, grant.orgUuid, grant.role, grant.userUuid, now),
    find(hash: string): TokenGrant | undefined {
      const r = find.get(hash);
      return r ? { orgUuid: r.org_uuid, role: r.role, userUuid: r.user_uuid } : undefined;
    },
    revoke: (hash: string, now: number) => revoke.run(now, hash).changes > 0,
  };
}

export type TokenRepo = ReturnType<typeof tokenRepo>;

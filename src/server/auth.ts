import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ServiceError } from './errors.js';
import type { Store } from './store/db.js';
import { ROLES, type Role, type TokenGrant } from './store/tokens.js';

export type { Role, TokenGrant };

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token for the organization and role; only its SHA-256 is stored, the token itself is returned once. */
export function createToken(store: Store, opts: { orgUuid: string; role: Role; userUuid?: string }): string {
  if (!ROLES.includes(opts.role)) throw new Error(`unknown role: ${opts.role}`);
  if (!store.organizations.exists(opts.orgUuid)) throw new Error(`no such organization: ${opts.orgUuid}`);
  const token = `ccp_${randomBytes(32).toString('base64url')}`;
  store.tokens.insert(
    hashToken(token),
    { orgUuid: opts.orgUuid, role: opts.role, userUuid: opts.userUuid ?? null },
    store.clock.now(),
  );
  return token;
}

export function tokenIsValid(store: Store, token: string): boolean {
  return store.tokens.find(hashToken(token)) !== undefined;
}

/** The grant of the request's bearer token; 401 when missing, unknown or revoked. */
export function authenticate(store: Store, headers: IncomingHttpHeaders): TokenGrant {
  const header = headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  const grant = match ? store.tokens.find(hashToken(match[1]!)) : undefined;
  if (!grant) throw new ServiceError('unauthorized');
  return grant;
}

/** 403 unless `orgUuid` is the caller's organization or below it. */
export function requireScope(store: Store, grant: TokenGrant, orgUuid: string | null | undefined): void {
  if (!orgUuid || !store.organizations.inScope(grant.orgUuid, orgUuid)) throw new ServiceError('forbidden');
}

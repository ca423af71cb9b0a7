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
  return tokenGrant(store, token) !== undefined;
}

/** What a token grants; undefined when unknown or revoked. */
export function tokenGrant(store: Store, token: string): TokenGrant | undefined {
  return store.tokens.find(hashToken(token));
}

/** The grant of an Authorization header's bearer token; undefined when missing, unknown or revoked. */
function grantOf(store: Store, header: string | undefined): TokenGrant | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? store.tokens.find(hashToken(match[1]!)) : undefined;
}

// Grants found, by Authorization header: a client sends the same token on every request, and hashing and
// looking it up each time cost more than the check that nothing changed.
const MAX_GRANTS = 1_000;

/**
 * The grant of a request's bearer token (401 when missing, unknown or revoked), kept while the store's data
 * stays the same: a token revoked or an organization changed, here or by another process, is seen at once.
 */
export function authenticator(store: Store): (headers: IncomingHttpHeaders) => TokenGrant {
  let version = '';
  const grants = new Map<string, TokenGrant>();
  return (headers) => {
    const header = headers.authorization;
    const now = store.version();
    if (now !== version || grants.size >= MAX_GRANTS) {
      version = now;
      grants.clear();
    }
    let grant = header === undefined ? undefined : grants.get(header);
    if (!grant) {
      grant = grantOf(store, header);
      if (!grant) throw new ServiceError('unauthorized');
      grants.set(header!, Object.freeze(grant));
    }
    return grant;
  };
}

/** 403 unless `orgUuid` is the caller's organization or below it. */
export function requireScope(store: Store, grant: TokenGrant, orgUuid: string | null | undefined): void {
  if (!orgUuid || !store.organizations.inScope(grant.orgUuid, orgUuid)) throw new ServiceError('forbidden');
}

import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ROLES, type Role, type TokenEntry, type TokenGrant } from '../domain/grants.js';
import { ServiceError } from './errors.js';
import type { Store } from './store/db.js';

export type { Role, TokenEntry, TokenGrant };

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

/** What a token acts for (`ccp status` on the embedded default): its organization, by name too, and role. */
export interface TokenActsFor {
  orgUuid: string;
  orgName: string | null;
  role: Role;
}

export function tokenActsFor(store: Store, token: string): TokenActsFor | undefined {
  const grant = tokenGrant(store, token);
  if (!grant) return undefined;
  const org = store.organizations.get(grant.orgUuid) as { org_name?: string | null } | undefined;
  return { orgUuid: grant.orgUuid, orgName: org?.org_name ?? null, role: grant.role };
}

/** An Authorization header's bearer token; undefined when there is none. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : undefined;
}

// Grants found, by token: a client sends the same token on every request, and hashing and looking it up
// each time cost more than the check that nothing changed.
const MAX_GRANTS = 1_000;
// A token's last use is written at most this often: a write on every request would cost each one.
const TOUCH_EVERY_MS = 60_000;

interface Known {
  grant: TokenGrant;
  hash: string;
}

/**
 * The grant of a request's bearer token (401 when missing, unknown or revoked); `grantOf` answers for a token
 * the same way (undefined for 401). A command on the embedded default checks its token once: the check it
 * makes at start (src/kit/embedded-server.ts) is the one its requests and its lookups find here.
 */
export interface Authenticator {
  (headers: IncomingHttpHeaders): TokenGrant;
  grantOf(token: string): TokenGrant | undefined;
}

/**
 * An authenticator that keeps each grant while the store's data stays the same: a token revoked or an
 * organization changed, here or by another process, is seen at once.
 */
export function authenticator(store: Store): Authenticator {
  let version = '';
  const grants = new Map<string, Known>();
  // When each token's use was last written (or read back), by hash: kept across the cache's clearing.
  const used = new Map<string, number>();
  const knownOf = (token: string): Known | undefined => {
    const now = store.version();
    if (now !== version || grants.size >= MAX_GRANTS) {
      version = now;
      grants.clear();
      if (used.size >= MAX_GRANTS) used.clear();
    }
    let known = grants.get(token);
    if (!known) {
      const hash = hashToken(token);
      const found = store.tokens.find(hash);
      if (!found) return undefined;
      const { lastUsedOn, ...grant } = found;
      known = { grant: Object.freeze(grant), hash };
      grants.set(token, known);
      used.set(hash, Math.max(used.get(hash) ?? 0, lastUsedOn ?? 0));
    }
    return known;
  };
  const authenticate = (headers: IncomingHttpHeaders): TokenGrant => {
    const token = bearerToken(headers.authorization);
    const known = token === undefined ? undefined : knownOf(token);
    if (!known) throw new ServiceError('unauthorized');
    touch(store, known.hash, used);
    return known.grant;
  };
  return Object.assign(authenticate, { grantOf: (token: string) => knownOf(token)?.grant });
}

/** Writes a token's last use when the one written is a minute old; a database that refuses the write keeps the old one. */
function touch(store: Store, hash: string, used: Map<string, number>): void {
  const at = store.clock.now();
  if (at - (used.get(hash) ?? 0) < TOUCH_EVERY_MS) return;
  used.set(hash, at);
  try {
    store.tokens.touch(hash, at);
  } catch {
    // Read-only or busy: when a token was last used is not worth a failed request.
  }
}

/** The live tokens, oldest first, by id (`ccp server token list`): never a token, nor its hash. */
export function listTokens(store: Store): TokenEntry[] {
  return store.tokens.list();
}

/** Revokes the token of this id (`ccp server token list`); false when no live token has it. */
export function revokeToken(store: Store, id: string): boolean {
  return store.tokens.revokeById(id, store.clock.now());
}

/** 403 unless `orgUuid` is the caller's organization or below it. */
export function requireScope(store: Store, grant: TokenGrant, orgUuid: string | null | undefined): void {
  if (!orgUuid || !store.organizations.inScope(grant.orgUuid, orgUuid)) throw new ServiceError('forbidden');
}

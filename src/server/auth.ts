import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ROLES, type Role, type TokenEntry, type TokenGrant } from '../domain/grants.js';
import { ServiceError } from './errors.js';
import type { Session, Store } from './store/port.js';

export type { Role, TokenEntry, TokenGrant };

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token for the organization and role; only its SHA-256 is stored, the token itself is returned once. */
export async function createToken(
  store: Store | Session,
  opts: { orgUuid: string; role: Role; userUuid?: string },
  at?: number,
): Promise<string> {
  const now = at ?? ('clock' in store ? store.clock.now() : Date.now());
  if (!ROLES.includes(opts.role)) throw new Error(`unknown role: ${opts.role}`);
  if (!(await store.organizations.exists(opts.orgUuid)))
    throw new Error(`no such organization: ${opts.orgUuid}`);
  const token = `ccp_${randomBytes(32).toString('base64url')}`;
  await store.tokens.insert(
    hashToken(token),
    { orgUuid: opts.orgUuid, role: opts.role, userUuid: opts.userUuid ?? null },
    now,
  );
  return token;
}

export async function tokenIsValid(store: Store | Session, token: string): Promise<boolean> {
  return (await tokenGrant(store, token)) !== undefined;
}

/** What a token grants; undefined when unknown or revoked. */
export async function tokenGrant(store: Store | Session, token: string): Promise<TokenGrant | undefined> {
  const found = await store.tokens.find(hashToken(token));
  if (!found) return undefined;
  const { lastUsedOn: _, ...grant } = found;
  return grant;
}

/** What a token acts for (`ccp status` on the embedded default): its organization, by name too, and role. */
export interface TokenActsFor {
  orgUuid: string;
  orgName: string | null;
  role: Role;
}

export async function tokenActsFor(store: Store, token: string): Promise<TokenActsFor | undefined> {
  const grant = await tokenGrant(store, token);
  if (!grant) return undefined;
  const org = await store.organizations.get(grant.orgUuid);
  return { orgUuid: grant.orgUuid, orgName: org?.orgName ?? null, role: grant.role };
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
 * makes at start (src/server/embedded-bootstrap.ts) is the one its requests and its lookups find here.
 */
export interface Authenticator {
  (headers: IncomingHttpHeaders): Promise<TokenGrant>;
  /** The grant, and the change token it was checked at: a read of the request may answer as of that token. */
  admit(headers: IncomingHttpHeaders): Promise<{ grant: TokenGrant; changeToken: string }>;
  grantOf(token: string): Promise<TokenGrant | undefined>;
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
  const knownOf = async (token: string): Promise<(Known & { at: string }) | undefined> => {
    const now = await store.changeToken();
    if (now !== version || grants.size >= MAX_GRANTS) {
      version = now;
      grants.clear();
      if (used.size >= MAX_GRANTS) used.clear();
    }
    let known = grants.get(token);
    if (!known) {
      const hash = hashToken(token);
      const found = await store.tokens.find(hash);
      if (!found) return undefined;
      const { lastUsedOn, ...grant } = found;
      known = { grant: Object.freeze(grant), hash };
      // Kept only while the token checked at is still the newest: a check that began before another one saw
      // a revocation must not leave its answer among the grants of the newer token.
      if (version === now) grants.set(token, known);
      used.set(hash, Math.max(used.get(hash) ?? 0, lastUsedOn ?? 0));
    }
    return { ...known, at: now };
  };
  const admit = async (headers: IncomingHttpHeaders) => {
    const token = bearerToken(headers.authorization);
    const known = token === undefined ? undefined : await knownOf(token);
    if (!known) throw new ServiceError('unauthorized');
    await touch(store, known.hash, used);
    return { grant: known.grant, changeToken: known.at };
  };
  return Object.assign(async (headers: IncomingHttpHeaders) => (await admit(headers)).grant, {
    admit,
    grantOf: async (token: string) => (await knownOf(token))?.grant,
  });
}

/** Writes a token's last use when the one written is a minute old; a database that refuses the write keeps the old one. */
async function touch(store: Store, hash: string, used: Map<string, number>): Promise<void> {
  const at = store.clock.now();
  if (at - (used.get(hash) ?? 0) < TOUCH_EVERY_MS) return;
  used.set(hash, at);
  try {
    await store.tokens.touch(hash, at);
  } catch {
    // Read-only or busy: when a token was last used is not worth a failed request.
  }
}

/** The live tokens, oldest first, by id (`ccp server token list`): never a token, nor its hash. */
export function listTokens(store: Store): Promise<TokenEntry[]> {
  return store.tokens.list();
}

/** Revokes the token of this id (`ccp server token list`); false when no live token has it. */
export function revokeToken(store: Store, id: string): Promise<boolean> {
  return store.tokens.revokeById(id, store.clock.now());
}

/** 403 unless `orgUuid` is the caller's organization or below it. */
export async function requireScope(
  s: Session,
  grant: TokenGrant,
  orgUuid: string | null | undefined,
): Promise<void> {
  if (!orgUuid || !(await s.organizations.inScope(grant.orgUuid, orgUuid)))
    throw new ServiceError('forbidden');
}

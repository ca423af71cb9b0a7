// What a token of the twin grants (decisions.md, "Tokens"): one organization's tree, one role in it, and the
// user it acts as. The server checks it on every request; `ccp server token create` offers the roles.

export const ROLES = ['admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface TokenGrant {
  orgUuid: string;
  role: Role;
  userUuid: string | null;
}

/** A token as `ccp server token list` shows it: never the token, nor enough of its hash to matter. */
export interface TokenEntry {
  id: string;
  orgUuid: string;
  role: Role;
  userUuid: string | null;
  createdOn: number;
  lastUsedOn: number | null;
}

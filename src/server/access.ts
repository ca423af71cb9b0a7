import type { Role } from './store/tokens.js';

/**
 * What a caller gets from an operation, by its role and by where the records it touches lie.
 * - `ok`: done (200).
 * - `forbidden`: 403, nothing done.
 * - `filtered`: 200, holding only the records of the caller's scope (listings, reports).
 * - `unowned`: 200 as in scope: the records belong to no organization (codes, code types).
 * - `owned`: 200; what is created belongs to the caller's organization, whatever the request says.
 */
export type Outcome = 'ok' | 'forbidden' | 'filtered' | 'unowned' | 'owned';

/** One role's two cells: the records in the caller's scope (its organization and below), and outside it. */
export type Cells = readonly [inScope: Outcome, outOfScope: Outcome];

export type Access = Readonly<Record<Role, Cells>>;

const ok_no: Cells = ['ok', 'forbidden'];
const no_no: Cells = ['forbidden', 'forbidden'];
const ok_filtered: Cells = ['ok', 'filtered'];
const ok_unowned: Cells = ['ok', 'unowned'];
const ok_owned: Cells = ['ok', 'owned'];

/**
 * decisions.md's authorization (Headers; the notification and download rows), written once: operation x role
 * x scope. The server takes each route's roles from it; test/server/tenants/authorization.test.ts makes one
 * test of every cell over the real server.
 */
export const ACCESS = {
  'PUT /license/:uuid/:action': { admin: ok_no, operator: no_no, viewer: no_no },
  'POST /codes': { admin: ok_unowned, operator: ok_unowned, viewer: ok_unowned },
  'GET /codeTypes/:pageNo': { admin: ok_unowned, operator: ok_unowned, viewer: ok_unowned },
  'GET /edgedevice/all/:pageNo': { admin: ok_filtered, operator: ok_filtered, viewer: ok_filtered },
  'POST /edgedevice/org/:orgUuid/user/:userUuid/add': { admin: ok_no, operator: ok_no, viewer: no_no },
  'POST /edgedevice/push': { admin: ok_no, operator: ok_no, viewer: no_no },
  'PUT /org/update': { admin: ok_no, operator: no_no, viewer: no_no },
  'GET /org/:orgUuid/org/:pageNo': { admin: ok_no, operator: ok_no, viewer: ok_no },
  'POST /org/options/org/:orgUuid/add': { admin: ok_no, operator: no_no, viewer: no_no },
  'POST /notification': { admin: ok_owned, operator: ok_owned, viewer: no_no },
  'PUT /notification': { admin: ok_no, operator: ok_no, viewer: no_no },
  'POST /notification/configure': { admin: ok_no, operator: ok_no, viewer: no_no },
  'POST /download': { admin: ok_filtered, operator: ok_filtered, viewer: ok_filtered },
} as const satisfies Record<string, Access>;

export type Operation = keyof typeof ACCESS;

/** The roles an operation admits: those whose in-scope cell is not `forbidden`. */
export function rolesOf(operation: string): Role[] {
  const access = (ACCESS as Record<string, Access>)[operation];
  if (!access) throw new Error(`${operation}: not in the authorization table`);
  return (Object.keys(access) as Role[]).filter((role) => access[role][0] !== 'forbidden');
}

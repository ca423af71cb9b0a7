import type { Role } from '../domain/grants.js';

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

// The three ways the roles share an operation: the admin alone, the roles that write (admin and operator;
// the viewer is refused), or every role alike. `cells` is what the admitted roles get.
const adminOnly: Access = { admin: ok_no, operator: no_no, viewer: no_no };
const writers = (cells: Cells): Access => ({ admin: cells, operator: cells, viewer: no_no });
const everyone = (cells: Cells): Access => ({ admin: cells, operator: cells, viewer: cells });

/**
 * decisions.md's authorization (Headers; the notification and download rows), written once: operation x role
 * x scope. The server takes each route's roles from it; test/server/tenants/authorization.test.ts makes one
 * test of every cell over the real server.
 */
export const ACCESS = {
  'PUT /license/:uuid/:action': adminOnly,
  'POST /codes': everyone(['ok', 'unowned']),
  'GET /codeTypes/:pageNo': everyone(['ok', 'unowned']),
  'GET /edgedevice/all/:pageNo': everyone(['ok', 'filtered']),
  'POST /edgedevice/org/:orgUuid/user/:userUuid/add': writers(ok_no),
  'POST /edgedevice/push': writers(ok_no),
  'PUT /org/update': adminOnly,
  'GET /org/:orgUuid/org/:pageNo': everyone(ok_no),
  'POST /org/options/org/:orgUuid/add': adminOnly,
  'POST /notification': writers(['ok', 'owned']),
  'PUT /notification': writers(ok_no),
  'POST /notification/configure': writers(ok_no),
  'POST /download': everyone(['ok', 'filtered']),
} as const satisfies Record<string, Access>;

export type Operation = keyof typeof ACCESS;

/** The roles an operation admits: those whose in-scope cell is not `forbidden`. */
export function rolesOf(operation: string): Role[] {
  const access = (ACCESS as Record<string, Access>)[operation];
  if (!access) throw new Error(`${operation}: not in the authorization table`);
  return (Object.keys(access) as Role[]).filter((role) => access[role][0] !== 'forbidden');
}

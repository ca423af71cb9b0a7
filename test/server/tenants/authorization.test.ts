// One test per cell of the authorization table (src/server/access.ts): operation x role x scope, over the
// real server. In scope: records of the caller's organization (ORG.root) or below; out of scope: ORG.other's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS, type Operation, type Outcome } from '../../../src/server/access.js';
import { ROUTES } from '../../../src/server/app.js';
import type { Role } from '../../../src/server/index.js';
import { CODE, DEVICE, LICENSE, NOTIFICATION, ORG, USER } from '../../fixtures/basic-ids.js';
import {
  type CallResult,
  envelope,
  expectError,
  expectOk,
  startTestServer,
  type TestServer,
} from '../../helpers/server.js';

type Scope = 'in' | 'out';
interface Probe {
  call(token: string, scope: Scope): Promise<CallResult>;
  /** For `filtered`: true when the answer holds a record of the other organization. */
  foreign?(res: CallResult): boolean;
  /** For `owned`: the organization that owns what the call created. */
  owner?(res: CallResult): string | null | undefined;
}

let srv: TestServer;
// A notification of the other organization, saved by its admin.
let theirs: string;
beforeAll(async () => {
  srv = await startTestServer();
  const res = await srv.call('POST', '/notification', {
    body: envelope([{ type: 'GLOBEX-ONLY' }]),
    token: srv.tokens.otherAdmin,
  });
  theirs = expectOk(res)[0].uuid;
});
afterAll(async () => {
  await srv?.close();
});

const org = (scope: Scope) => (scope === 'in' ? ORG.root : ORG.other);
const post = (path: string, data: unknown[], token: string, metadata?: Record<string, string>) =>
  srv.call('POST', path, { body: envelope(data, metadata), token, timeZone: 'UTC' });
const put = (path: string, data: unknown[], token: string) =>
  srv.call('PUT', path, { body: envelope(data), token });
const get = (path: string, token: string) => srv.call('GET', path, { token, timeZone: 'UTC' });
const reportText = (res: CallResult) =>
  Buffer.from(expectOk(res)[0]?.fileData ?? '', 'base64').toString('utf8');

const PROBES: Record<Operation, Probe> = {
  'PUT /license/:uuid/:action': {
    call: (token, s) =>
      srv.call('PUT', `/license/${s === 'in' ? LICENSE.expired : LICENSE.inactive}/deactivate`, { token }),
  },
  'POST /codes': { call: (token) => post('/codes', [{ uuid: CODE.gateway }], token) },
  'GET /codeTypes/:pageNo': { call: (token) => get('/codeTypes/0?pageSize=10', token) },
  'GET /edgedevice/all/:pageNo': {
    call: (token) => get('/edgedevice/all/0?pageSize=1000', token),
    foreign: (res) => expectOk(res).some((d) => d.uuid === DEVICE.globexGateway),
  },
  'POST /edgedevice/org/:orgUuid/user/:userUuid/add': {
    call: (token, s) =>
      post(
        `/edgedevice/org/${org(s)}/user/${USER.admin}/add`,
        [{ edgeDeviceName: 'm', serialNumber: randomUUID() }],
        token,
      ),
  },
  'POST /edgedevice/push': {
    call: (token, s) =>
      post(
        '/edgedevice/push',
        [
          {
            uuid: s === 'in' ? DEVICE.gateway2 : DEVICE.globexGateway,
            edgeFlows: [{ flowId: 'matrix', flowJSON: '{}' }],
          },
        ],
        token,
      ),
  },
  'PUT /org/update': {
    call: (token, s) =>
      put('/org/update', [{ uuid: s === 'in' ? ORG.sub2 : ORG.other, isActive: true }], token),
  },
  'GET /org/:orgUuid/org/:pageNo': { call: (token, s) => get(`/org/${org(s)}/org/0?pageSize=10`, token) },
  'POST /org/options/org/:orgUuid/add': {
    call: (token, s) => post(`/org/options/org/${org(s)}/add`, [{ key: 'matrix', value: 'x' }], token),
  },
  'POST /notification': {
    // Out of scope: the request claims the other organization in its metadata; the server ignores it.
    call: (token, s) => post('/notification', [{ type: 'MATRIX' }], token, { orgUuid: org(s) }),
    owner: (res) => srv.engine.notifications.owner(expectOk(res)[0].uuid),
  },
  'PUT /notification': {
    call: (token, s) =>
      put('/notification', [{ uuid: s === 'in' ? NOTIFICATION.sms : theirs, isActive: true }], token),
  },
  'POST /notification/configure': {
    call: (token, s) =>
      post(
        '/notification/configure',
        [{ notificationUuid: s === 'in' ? NOTIFICATION.email : theirs, roleUuid: USER.viewer }],
        token,
      ),
  },
  'POST /download': {
    call: (token) => post('/download', [{ templateKey: 'notifications', fileType: 'json' }], token),
    foreign: (res) => reportText(res).includes(theirs),
  },
};

const tokenOf = (role: Role) => srv.tokens[role];

function expectOutcome(outcome: Outcome, probe: Probe, res: CallResult): void {
  switch (outcome) {
    case 'forbidden':
      expectError(res, 403, 'FORBIDDEN');
      return;
    case 'filtered':
      expectOk(res);
      expect(probe.foreign!(res)).toBe(false);
      return;
    case 'owned':
      expect(probe.owner!(res)).toBe(ORG.root);
      return;
    default:
      expectOk(res);
  }
}

describe('the authorization table covers the interface', () => {
  it('every operation of the server has a row, and every row an operation', () => {
    const routes = ROUTES.filter((r) => r.roles !== 'public').map((r) => `${r.method} ${r.path}`);
    expect(routes.sort()).toEqual(Object.keys(ACCESS).sort());
  });
});

for (const [operation, roles] of Object.entries(ACCESS) as [Operation, (typeof ACCESS)[Operation]][]) {
  describe(operation, () => {
    for (const [role, [inScope, outOfScope]] of Object.entries(roles) as [
      Role,
      readonly [Outcome, Outcome],
    ][]) {
      it(`${role}, in scope: ${inScope}`, async () => {
        const probe = PROBES[operation];
        expectOutcome(inScope, probe, await probe.call(tokenOf(role), 'in'));
        if (inScope === 'filtered')
          expect(probe.foreign!(await probe.call(srv.tokens.otherAdmin, 'in'))).toBe(true);
      });
      it(`${role}, out of scope: ${outOfScope}`, async () => {
        const probe = PROBES[operation];
        expectOutcome(outOfScope, probe, await probe.call(tokenOf(role), 'out'));
      });
    }
  });
}

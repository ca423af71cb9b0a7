// PUT /license/{uuid}/{action}: activate/deactivate, the counts, roles and scope, 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { LICENSE, ORG, UNKNOWN_UUID, USER } from '../fixtures/basic-ids.js';
import {
  envelope,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

const clock = fixedClock(FIXED_NOW);
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(async () => {
  await srv?.close();
});

const put = (uuid: string, action: string, opts: { token?: string | null; timeZone?: string } = {}) =>
  srv.call('PUT', `/license/${uuid}/${action}`, opts);
const notFound = 'NOT_FOUND The resource you were trying to reach is not found';

describe('PUT /license/{uuid}/{action}', () => {
  it('answers the license record with its counts (provisioned, remaining, remainingDays)', async () => {
    const res = await put(LICENSE.active, 'activate');
    const data = expectOk(res);
    expect(data).toHaveLength(1);
    const [rec] = data;
    expect(rec).toMatchObject({
      uuid: LICENSE.active,
      serialNumber: 'LIC-0001',
      attributeName: 'edge-devices',
    });
    expect(rec.licenseDetails).toMatchObject({ total: 10, provisioned: 1, remaining: 9, remainingDays: 365 });
    expect(rec.licenseDetails.license).toMatchObject({
      licenseKey: 'ACME-LAB-2026',
      orgUuid: ORG.sub1a,
      status: 'ACTIVE',
      active: true,
      // Already active: activateOn is kept.
      activateOn: '2026-01-01T00:00:00*000+0000',
      licenseFrom: '2026-01-01T00:00:00*000+0000',
      licenseTo: '2027-11-21T04:00:00*000+0000',
    });
  });

  it('provisioned follows the edge devices of the organization', async () => {
    expectOk(
      await srv.call('POST', `/edgedevice/org/${ORG.sub1a}/user/${USER.admin}/add`, {
        body: envelope([
          { edgeDeviceName: 'Lab 2', serialNumber: 'SN-LAB-2' },
          { edgeDeviceName: 'Lab 3', serialNumber: 'SN-LAB-3' },
        ]),
      }),
    );
    const [rec] = expectOk(await put(LICENSE.active, 'activate'));
    expect(rec.licenseDetails).toMatchObject({ total: 10, provisioned: 3, remaining: 7 });
  });

  it("renders timestamps in the request's time_zone", async () => {
    const [rec] = expectOk(await put(LICENSE.active, 'activate', { timeZone: 'Asia/Kolkata' }));
    expect(rec.licenseDetails.license.licenseTo).toBe('2027-11-21T09:30:00*000+0530');
    expect(rec.licenseDetails.license.activateOn).toBe('2026-01-01T05:30:00*000+0530');
    expect(rec.createOn).toMatch(/\+0530$/);
    expect(rec.createOn).toBe('2026-11-21T09:30:00*000+0530');
  });

  it('activate sets active, ACTIVE and activateOn = now; again keeps activateOn; deactivate is idempotent', async () => {
    const token = srv.tokens.otherAdmin;
    const [on] = expectOk(await put(LICENSE.inactive, 'activate', { token }));
    expect(on.uuid).toBe(LICENSE.inactive);
    expect(on.licenseDetails.license).toMatchObject({
      status: 'ACTIVE',
      active: true,
      activateOn: '2026-11-21T04:00:00*000+0000',
    });

    clock.advance(24 * 3600_000);
    const [again] = expectOk(await put(LICENSE.inactive, 'activate', { token }));
    expect(again.licenseDetails.license).toMatchObject({
      status: 'ACTIVE',
      active: true,
      activateOn: '2026-11-21T04:00:00*000+0000',
    });

    const [off] = expectOk(await put(LICENSE.inactive, 'deactivate', { token }));
    expect(off.licenseDetails.license).toMatchObject({ status: 'INACTIVE', active: false });
    const [off2] = expectOk(await put(LICENSE.inactive, 'deactivate', { token }));
    expect(off2.licenseDetails.license).toMatchObject({ status: 'INACTIVE', active: false });

    // Survives a restart.
    await srv.restart();
    const [after] = expectOk(await put(LICENSE.inactive, 'deactivate', { token: srv.tokens.otherAdmin }));
    expect(after.licenseDetails.license).toMatchObject({ status: 'INACTIVE', active: false });
    clock.set(FIXED_NOW);
  });

  it('deactivating then activating an expired license sets a new activateOn', async () => {
    const [off] = expectOk(await put(LICENSE.expired, 'deactivate'));
    expect(off.licenseDetails.license).toMatchObject({ status: 'INACTIVE', active: false });
    clock.set(FIXED_NOW + 3600_000);
    const [on] = expectOk(await put(LICENSE.expired, 'activate'));
    expect(on.licenseDetails.license).toMatchObject({
      status: 'ACTIVE',
      active: true,
      activateOn: '2026-11-21T05:00:00*000+0000',
    });
    clock.set(FIXED_NOW);
  });

  it.each([
    ['an unknown action', LICENSE.active, 'suspend', 'action suspend'],
    ['an action in another case', LICENSE.active, 'ACTIVATE', 'action ACTIVATE'],
    ['a malformed uuid', 'not-a-uuid', 'activate', 'license not-a-uuid'],
    ['an unknown uuid', UNKNOWN_UUID, 'activate', `license ${UNKNOWN_UUID}`],
    [
      'the uuid of the license object, not the record',
      'c3000000-0000-4000-8000-000000000001',
      'activate',
      'license c3000000-0000-4000-8000-000000000001',
    ],
  ])('%s: 404 naming it', async (_name, uuid, action, what) => {
    expectError(await put(uuid, action), 404, 'NOT_FOUND', `${notFound}: ${what}`);
  });

  it('operator and viewer: 403; nothing changes', async () => {
    const forbidden = 'FORBIDDEN Accessing the resource is forbidden';
    expectError(
      await put(LICENSE.active, 'deactivate', { token: srv.tokens.operator }),
      403,
      'FORBIDDEN',
      forbidden,
    );
    expectError(
      await put(LICENSE.active, 'deactivate', { token: srv.tokens.viewer }),
      403,
      'FORBIDDEN',
      forbidden,
    );
    const [rec] = expectOk(await put(LICENSE.active, 'activate'));
    expect(rec.licenseDetails.license.status).toBe('ACTIVE');
  });

  it("another organization's license: 403; a sub-organization admin reaches its subtree only", async () => {
    expectError(await put(LICENSE.inactive, 'activate'), 403, 'FORBIDDEN');
    expectError(await put(LICENSE.expired, 'activate', { token: srv.tokens.subAdmin }), 403, 'FORBIDDEN');
    expectError(await put(LICENSE.active, 'activate', { token: srv.tokens.otherAdmin }), 403, 'FORBIDDEN');
    expectOk(await put(LICENSE.active, 'activate', { token: srv.tokens.subAdmin }));
  });

  it('no token: 401; another method: 400 with Allow PUT', async () => {
    expectError(await put(LICENSE.active, 'activate', { token: null }), 401, 'UNAUTHORIZED');
    const res = await srv.call('POST', `/license/${LICENSE.active}/activate`);
    expectError(res, 400, 'CCP-HTTP-003', 'CCP-HTTP-003 Request method not supported');
    expect(String(res.headers.allow)).toMatch(/PUT/);
  });
});

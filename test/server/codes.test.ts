// POST /codes: fetch a code by data[0].uuid, with its code type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { CODE, CODE_TYPE, UNKNOWN_UUID } from '../fixtures/basic-ids.js';
import {
  envelope,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock: fixedClock(FIXED_NOW) });
});
afterAll(async () => {
  await srv?.close();
});

const fetchCode = (body: unknown, opts: { token?: string | null; timeZone?: string } = { timeZone: 'UTC' }) =>
  srv.call('POST', '/codes', { body, ...opts });

describe('POST /codes', () => {
  it('answers the code named by data[0].uuid, with its codeType', async () => {
    const res = await fetchCode(envelope([{ uuid: CODE.sensor }]));
    const data = expectOk(res);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      uuid: CODE.sensor,
      clazz: 'device',
      codeIdentifier: 'SENSOR',
      shortDescription: 'Sensor',
      value: 'sensor',
      isActive: true,
      codeType: {
        uuid: CODE_TYPE.deviceKind,
        codeTypeIdentifier: 'DEVICE_KIND',
        shortDescription: 'Device kind',
      },
    });
  });

  it('an inactive code is still fetched', async () => {
    const [code] = expectOk(await fetchCode(envelope([{ uuid: CODE.actuator }])));
    expect(code).toMatchObject({ uuid: CODE.actuator, isActive: false });
  });

  it('only data[0] names the code', async () => {
    const [code] = expectOk(await fetchCode(envelope([{ uuid: CODE.sine }, { uuid: CODE.gateway }])));
    expect(code.uuid).toBe(CODE.sine);
    expect(code.codeType.uuid).toBe(CODE_TYPE.dataMethod);
  });

  it("renders timestamps in the request's time_zone (same instant)", async () => {
    const [utc] = expectOk(await fetchCode(envelope([{ uuid: CODE.gateway }])));
    const [ist] = expectOk(await fetchCode(envelope([{ uuid: CODE.gateway }]), { timeZone: 'Asia/Kolkata' }));
    expect(utc.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(utc.updatedOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(ist.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(ist.updatedOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(ist.codeType.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    const [nepal] = expectOk(
      await fetchCode(envelope([{ uuid: CODE.gateway }]), { timeZone: 'Asia/Kathmandu' }),
    );
    expect(nepal.createdOn).toBe('2026-11-21T09:45:00*000+0545');
  });

  it('echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000001',
      orgUuid: 'f0000000-0000-4000-8000-0000000000aa',
      userUuid: 'f0000000-0000-4000-8000-0000000000bb',
    };
    const res = await fetchCode({ data: [{ uuid: CODE.gateway }], metadata });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it('every role may fetch a code', async () => {
    for (const token of [
      srv.tokens.viewer,
      srv.tokens.operator,
      srv.tokens.subAdmin,
      srv.tokens.otherAdmin,
    ]) {
      const [code] = expectOk(await fetchCode(envelope([{ uuid: CODE.random }]), { token, timeZone: 'UTC' }));
      expect(code.uuid).toBe(CODE.random);
    }
  });

  it('no such code: 200 CCP-CS-001', async () => {
    const res = await fetchCode(envelope([{ uuid: UNKNOWN_UUID }]));
    expectError(res, 200, 'CCP-CS-001', `CCP-CS-001 Error while fetching Code: code ${UNKNOWN_UUID}`);
    // A code type's uuid is not a code's.
    expectError(await fetchCode(envelope([{ uuid: CODE_TYPE.deviceKind }])), 200, 'CCP-CS-001');
  });

  it.each([
    ['empty data', { data: [], metadata: {} }],
    ['missing data', { metadata: {} }],
    ['null data', { data: null }],
  ])('%s: 406 CCP-BV-001 Data can not be Null or Empty', async (_name, body) => {
    const res = await fetchCode(body);
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty/);
  });

  it('time_zone missing or unknown: 406', async () => {
    const body = envelope([{ uuid: CODE.gateway }]);
    expectError(await fetchCode(body, {}), 406, 'CCP-BV-001', /time_zone/);
    expectError(await fetchCode(body, { timeZone: 'Asia/Atlantis' }), 406, 'CCP-BV-001', /time_zone/);
  });

  it('no token: 401; bad token: 401', async () => {
    const body = envelope([{ uuid: CODE.gateway }]);
    expectError(await fetchCode(body, { token: null, timeZone: 'UTC' }), 401, 'UNAUTHORIZED');
    expectError(await fetchCode(body, { token: 'ccp_nope', timeZone: 'UTC' }), 401, 'UNAUTHORIZED');
  });
});

// Edges of the contract an audit against decisions.md turned up: a listing without its page number, requests
// Node's parser refuses, server-set timestamps sent by a client, and asking a license for the state it is in.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { CODE, DEVICE, FLOW, LICENSE, NOTIFICATION, ORG, USER } from '../fixtures/basic-ids.js';
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

const NOW_UTC = '2026-11-21T04:00:00*000+0000';
/** gateway1's external reference in basic.json. */
const REFERENCE = 'e2000000-0000-4000-8000-000000000001';

describe('a listing without its page number', () => {
  const pageNo = 'CCP-BV-001 Page no should not be less than zero';
  it.each([
    '/edgedevice/all',
    '/edgedevice/all/',
    '/codeTypes',
    '/codeTypes/',
    `/org/${ORG.root}/org`,
    `/org/${ORG.root}/org/`,
  ])('GET %s?pageSize=10: 406 page no (pageNo missing), not 404', async (path) => {
    const res = await srv.call('GET', `${path}?pageSize=10`, { timeZone: 'UTC' });
    expectError(res, 406, 'CCP-BV-001', pageNo);
  });

  it('is still a known path: another method is 400 with Allow, no token is 401', async () => {
    const res = await srv.call('POST', '/edgedevice/all', { body: envelope([]) });
    expectError(res, 400, 'CCP-HTTP-003');
    expect(res.headers.allow).toBe('GET');
    expectError(await srv.call('GET', '/codeTypes?pageSize=10', { token: null }), 401, 'UNAUTHORIZED');
  });
});

/** Sends raw bytes and reads until the server closes: status and parsed JSON body. */
function rawExchange(payload: string): Promise<{ status: number; head: string; body: unknown }> {
  const { port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      try {
        resolve({ status, head, body: JSON.parse(text.slice(split + 4)) });
      } catch (err) {
        reject(new Error(`not JSON after the head: ${text.slice(0, 300)} (${String(err)})`));
      }
    });
  });
}

describe('requests the HTTP parser refuses still get an error envelope', () => {
  const empty = { fileCodeUuid: '', orgUuid: '', userUuid: '' };

  it('a URL too long: 414 URI_TOO_LONG envelope', async () => {
    const res = await rawExchange(
      `GET /codeTypes/0?pageSize=1&pad=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(res.status).toBe(414);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({
      data: [],
      metadata: empty,
      statusCode: 'URI_TOO_LONG',
      reason: 'URI_TOO_LONG The request URI is too long',
    });
  });

  it('headers too large: 431 envelope', async () => {
    const res = await rawExchange(
      `GET /codeTypes/0 HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(40_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({
      data: [],
      metadata: empty,
      statusCode: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    });
  });

  it('a request that is not HTTP: 400 BAD_REQUEST envelope; the server answers afterwards', async () => {
    const res = await rawExchange('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      data: [],
      metadata: empty,
      statusCode: 'BAD_REQUEST',
      reason: 'BAD_REQUEST The request could not be understood',
    });
    expectOk(await srv.call('GET', '/codeTypes/0?pageSize=1', { timeZone: 'UTC' }));
  });

  it('a long URL under the limit is served as usual', async () => {
    const res = await srv.call('GET', `/codeTypes/0?pageSize=1&pad=${'c'.repeat(8_000)}`, {
      timeZone: 'UTC',
    });
    expect(expectOk(res)).toHaveLength(1);
  });
});

describe('created/updated timestamps sent by a client are checked, then ignored', () => {
  // Every form the timestamp reader knows, and null: valid, so ignored.
  const stale = {
    createdOn: '2001-01-01T00:00:00*000+0000',
    modifiedOn: 12345,
    updatedOn: '2001-01-01T05:30:00.000+05:30',
    createOn: null,
  };

  it('adding a device (and its flows and references)', async () => {
    const res = await srv.call('POST', `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`, {
      body: envelope([
        {
          edgeDeviceName: 'Stamped',
          serialNumber: 'SN-STAMP-1',
          ...stale,
          edgeFlows: [{ flowId: 'f', flowJSON: '{}', ...stale }],
          externalReferences: [{ userName: 'u', ...stale }],
        },
      ]),
    });
    const [device] = expectOk(res);
    expect(device).toMatchObject({ createdOn: NOW_UTC, modifiedOn: NOW_UTC });
    expect(device.edgeFlows[0]).toMatchObject({ flowId: 'f', createdOn: NOW_UTC, modifiedOn: NOW_UTC });
    expect(device.externalReferences[0]).toMatchObject({ userName: 'u', createdOn: NOW_UTC });
  });

  it('pushing flows', async () => {
    const res = await srv.call('POST', '/edgedevice/push', {
      body: envelope([
        { uuid: DEVICE.gateway2, ...stale, edgeFlows: [{ flowId: 'stamp', flowJSON: '[]', ...stale }] },
      ]),
    });
    const [device] = expectOk(res);
    expect(device.modifiedOn).toBe(NOW_UTC);
    expect(device.edgeFlows.find((f: { flowId: string }) => f.flowId === 'stamp').createdOn).toBe(NOW_UTC);
  });

  it('updating an organization and its address', async () => {
    const res = await srv.call('PUT', '/org/update', {
      body: envelope([
        { uuid: ORG.sub3, orgName: 'Stamped', ...stale, orgAddress: { city: 'Goa', ...stale } },
      ]),
    });
    const [org] = expectOk(res);
    expect(org).toMatchObject({ orgName: 'Stamped', updatedOn: NOW_UTC });
    expect(org.orgAddress).toMatchObject({ city: 'Goa', updatedOn: NOW_UTC });
  });

  it('options, notifications, configurations and a code lookup', async () => {
    const [option] = expectOk(
      await srv.call('POST', `/org/options/org/${ORG.root}/add`, {
        body: envelope([{ key: 'stamped', value: '1', ...stale }]),
      }),
    );
    expect(option).toMatchObject({ key: 'stamped', createdOn: NOW_UTC, updatedOn: NOW_UTC });

    // A notification's own dates are YYYY-MM-DD.
    const [saved] = expectOk(
      await srv.call('POST', '/notification', {
        body: envelope([
          {
            type: 'SMS',
            createdOn: '2001-01-01',
            updatedOn: null,
            notificationOptions: [{ attributeName: 'a', ...stale }],
          },
        ]),
      }),
    );
    expect(saved).toMatchObject({ createdOn: '2026-11-21', updatedOn: '2026-11-21' });
    expect(saved.notificationOptions[0].createdOn).toBe(NOW_UTC);

    const [updated] = expectOk(
      await srv.call('PUT', '/notification', {
        body: envelope([
          { uuid: saved.uuid, type: 'PUSH', createdOn: '2001-01-01', updatedOn: '1999-12-31' },
        ]),
      }),
    );
    expect(updated).toMatchObject({ type: 'PUSH', createdOn: '2026-11-21', updatedOn: '2026-11-21' });

    const [config] = expectOk(
      await srv.call('POST', '/notification/configure', {
        body: envelope([{ notificationUuid: NOTIFICATION.email, roleUuid: USER.viewer, ...stale }]),
      }),
    );
    expect(config).toMatchObject({ createdOn: NOW_UTC, updatedOn: NOW_UTC });

    const [code] = expectOk(
      await srv.call('POST', '/codes', {
        body: envelope([{ uuid: CODE.gateway, ...stale, codeType: { ...stale } }]),
        timeZone: 'UTC',
      }),
    );
    expect(code.uuid).toBe(CODE.gateway);
  });

  it('other fields are still validated', async () => {
    const res = await srv.call('POST', `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`, {
      body: envelope([{ edgeDeviceName: 'x', serialNumber: 'SN-STAMP-2', ...stale, port: 'eighty' }]),
    });
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty: data\[0\]\.port/);
  });

  // A date that does not exist, or text that is no timestamp, is refused by every operation that takes a
  // body, naming the field.
  const device = { edgeDeviceName: 'x', serialNumber: 'SN-X' };
  const bad = '2026-13-45T10:00';
  it.each([
    [
      'POST',
      `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`,
      { ...device, createdOn: bad },
      'createdOn',
    ],
    [
      'POST',
      `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`,
      { ...device, edgeFlows: [{ flowId: 'f', flowJSON: '{}', modifiedOn: '2026-02-30T10:00:00Z' }] },
      'edgeFlows[0].modifiedOn',
    ],
    ['POST', '/edgedevice/push', { uuid: DEVICE.gateway2, modifiedOn: 'yesterday' }, 'modifiedOn'],
    ['PUT', '/org/update', { uuid: ORG.sub3, orgAddress: { updatedOn: bad } }, 'orgAddress.updatedOn'],
    ['POST', `/org/options/org/${ORG.root}/add`, { key: 'k', createdOn: false }, 'createdOn'],
    ['POST', '/notification', { type: 'SMS', createdOn: '2026-02-30' }, 'createdOn'],
    ['PUT', '/notification', { uuid: NOTIFICATION.sms, updatedOn: '2026-13-45' }, 'updatedOn'],
    [
      'POST',
      '/notification/configure',
      { notificationUuid: NOTIFICATION.email, roleUuid: USER.viewer, createdOn: bad },
      'createdOn',
    ],
    ['POST', '/codes', { uuid: CODE.gateway, createdOn: bad }, 'createdOn'],
    [
      'POST',
      '/download',
      { templateKey: 'licenses', fileType: 'csv', detail: { sandboxBos: [{ updatedOn: bad }] } },
      'detail.sandboxBos[0].updatedOn',
    ],
  ])('%s %s %j: 406 naming the field', async (method, path, record, field) => {
    const res = await srv.call(method, path, { body: envelope([record]), timeZone: 'UTC' });
    const where = `data[0].${field}`.replace(/[.[\]]/g, '\\$&');
    expectError(res, 406, 'CCP-BV-001', new RegExp(`^CCP-BV-001 Data can not be Null or Empty: ${where}: `));
  });
});

describe('asking a license for the state it is in', () => {
  it('changes nothing, its update times included', async () => {
    const put = (action: string) =>
      srv.call('PUT', `/license/${LICENSE.inactive}/${action}`, {
        token: srv.tokens.otherAdmin,
      });
    const [on] = expectOk(await put('activate'));
    clock.advance(3600_000);
    const [again] = expectOk(await put('activate'));
    expect(again).toEqual(on);

    const [off] = expectOk(await put('deactivate'));
    expect(off.updatedOn).toBe('2026-11-21T05:00:00*000+0000');
    expect(off.licenseDetails.license.activateOn).toBe(on.licenseDetails.license.activateOn);
    clock.advance(3600_000);
    const [off2] = expectOk(await put('deactivate'));
    expect(off2).toEqual(off);
    clock.set(FIXED_NOW);
  });
});

describe('uuids of nested records are the server’s to keep unique', () => {
  it('a pushed flow carrying the uuid of another device’s flow gets one of its own; the other is intact', async () => {
    const res = await srv.call('POST', '/edgedevice/push', {
      body: envelope([
        {
          uuid: DEVICE.gateway2,
          edgeFlows: [{ uuid: FLOW.temperature, flowId: 'borrowed', flowJSON: '{}' }],
        },
      ]),
    });
    const [device] = expectOk(res);
    const borrowed = device.edgeFlows.find((f: { flowId: string }) => f.flowId === 'borrowed');
    expect(borrowed.uuid).toMatch(/^[0-9a-f]{8}-/);
    expect(borrowed.uuid).not.toBe(FLOW.temperature);
    const all = expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' }));
    const gateway1 = all.find((d) => d.uuid === DEVICE.gateway1);
    expect(gateway1.edgeFlows.map((f: { uuid: string }) => f.uuid)).toContain(FLOW.temperature);
  });

  it('an external reference carrying a uuid already taken gets one of its own', async () => {
    const res = await srv.call('POST', `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`, {
      body: envelope([
        {
          edgeDeviceName: 'Borrower',
          serialNumber: 'SN-BORROW-1',
          externalReferences: [
            { uuid: REFERENCE, userName: 'a' },
            { uuid: '12345678-0000-4000-8000-000000000001', userName: 'b' },
            { uuid: '12345678-0000-4000-8000-000000000001', userName: 'c' },
          ],
        },
      ]),
    });
    const [device] = expectOk(res);
    const uuids = device.externalReferences.map((r: { uuid: string }) => r.uuid);
    expect(new Set(uuids).size).toBe(3);
    expect(uuids).not.toContain(REFERENCE);
    expect(uuids).toContain('12345678-0000-4000-8000-000000000001');
  });

  it('an organization address gets a uuid when it is new, and keeps it on updates', async () => {
    const [created] = expectOk(
      await srv.call('PUT', '/org/update', {
        body: envelope([{ uuid: ORG.sub1a, orgAddress: { city: 'Lab' } }]),
      }),
    );
    expect(created.orgAddress.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const [updated] = expectOk(
      await srv.call('PUT', '/org/update', {
        body: envelope([{ uuid: ORG.sub1a, orgAddress: { uuid: ORG.root, pin: '1' } }]),
      }),
    );
    expect(updated.orgAddress).toMatchObject({ uuid: created.orgAddress.uuid, city: 'Lab', pin: '1' });
  });
});

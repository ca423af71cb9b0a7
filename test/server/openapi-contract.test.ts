// What the OpenAPI document promises that earlier suites did not pin: the body's content type, metadata
// identifiers, and a code's type carrying its codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, ORG, USER } from '../fixtures/basic-ids.js';
import { checkResponse, requestVerdict } from '../helpers/openapi-responses.js';
import {
  type CallResult,
  envelope,
  expectError,
  expectOk,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const save = (headers: Record<string, string>, body: unknown = envelope([{ type: 'EMAIL' }])) =>
  srv.call('POST', '/notification', { body, headers });

describe('request content type', () => {
  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/jsonx',
    'application/merge-patch+json',
  ])('%s: 406 CCP-BV-001 naming content-type, nothing saved', async (type) => {
    const before = (await srv.store.notifications.all('UTC', ORG.root)).length;
    const res = await save({ 'content-type': type });
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty: content-type: /);
    expect(await srv.store.notifications.all('UTC', ORG.root)).toHaveLength(before);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])(
    '%s is accepted',
    async (type) => {
      expectOk(await save({ 'content-type': type }));
    },
  );

  it('a body without a content type is refused the same way', async () => {
    const res = await srv.call('POST', '/notification', {
      body: JSON.stringify(envelope([{ type: 'EMAIL' }])),
      headers: { 'content-type': '' },
    });
    expectError(res, 406, 'CCP-BV-001', /content-type/);
  });
});

describe('metadata', () => {
  it('identifiers that are not uuids: 406 naming the field, and the answer echoes none of them', async () => {
    const res = await save(
      { 'content-type': 'application/json' },
      {
        data: [{ type: 'EMAIL' }],
        metadata: { fileCodeUuid: 'file-1', orgUuid: ORG.root, userUuid: USER.admin },
      },
    );
    expectError(res, 406, 'CCP-BV-001', /metadata\.fileCodeUuid/);
    expect(res.body.metadata).toEqual({ fileCodeUuid: '', orgUuid: ORG.root, userUuid: USER.admin });
  });

  it('empty identifiers are fine', async () => {
    const res = await save(
      {},
      { data: [{ type: 'EMAIL' }], metadata: { fileCodeUuid: '', orgUuid: '', userUuid: '' } },
    );
    expectOk(res);
  });
});

describe('POST /codes', () => {
  it("the code's type carries its codes", async () => {
    const [code] = expectOk(
      await srv.call('POST', '/codes', { body: envelope([{ uuid: CODE.gateway }]), timeZone: 'UTC' }),
    );
    expect(code.codeType.uuid).toBeTruthy();
    expect(code.codeType.codes.map((c: { uuid: string }) => c.uuid)).toContain(CODE.gateway);
  });
});

// Probes of an independent contract checker (a fuzzer's cases): a request the document admits gets an answer
// the document describes; what the document refuses the server refuses (4xx), but for a value the
// operation's 200 answer names in x-outside-schema, which gets that HTTP-200 code. Each probe checks both
// sides explicitly (srv.call also checks every answer).
describe('the document says what the server does', () => {
  const sent = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<CallResult> => {
    const verdict = requestVerdict(method, path, body);
    const res = await srv.call(method, path, { body, timeZone: 'UTC' });
    expect(checkResponse(method, path, res.status, res.body)).toBe(true);
    if (!verdict.admits && verdict.answeredWith) {
      expect(res.status, 'the code the 200 answer names').toBe(200);
      expect(res.body.statusCode).toBe(verdict.answeredWith);
    } else if (!verdict.admits) {
      expect(res.status, 'a request the document refuses').toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    return res;
  };

  it.each([
    ['no uuid', { orgName: 'Nobody' }, 'data[0].uuid is missing'],
    ['a null uuid', { uuid: null, orgName: 'Nobody' }, 'data[0].uuid is missing'],
    ['a malformed uuid', { uuid: 'acme-west', orgName: 'Nobody' }, 'data[0].uuid acme-west is not a UUID'],
  ])('PUT /org/update with %s: 200 CCP-HTTP-017, an answer the document lists', async (_n, record, what) => {
    expect(requestVerdict('PUT', '/org/update', envelope([record]))).toEqual({ admits: true });
    const res = await sent('PUT', '/org/update', envelope([record]));
    expectError(res, 200, 'CCP-HTTP-017', `CCP-HTTP-017 Invalid UUID Identifier: ${what}`);
  });

  it.each([
    [{ templateKey: 'invoices', fileType: 'csv' }, 'data[0].templateKey "invoices" is not one of'],
    [{ templateKey: 'licenses', fileType: 'xlsx' }, 'data[0].fileType "xlsx" is not one of'],
    [{ fileType: 'csv' }, 'data[0].templateKey is missing'],
    [{ templateKey: null, fileType: 'csv' }, 'data[0].templateKey is missing'],
  ])(
    'POST /download %j: outside the schema, 200 CCP-RM-002 as the 200 answer names',
    async (record, what) => {
      expect(requestVerdict('POST', '/download', envelope([record]))).toEqual({
        admits: false,
        answeredWith: 'CCP-RM-002',
      });
      const res = await sent('POST', '/download', envelope([record]));
      expectError(res, 200, 'CCP-RM-002');
      expect(res.body.reason).toContain(`CCP-RM-002 Error while downloading report: ${what}`);
    },
  );

  it('POST /download with a templateKey that is not text: outside what the server reads too, a 406', async () => {
    const body = envelope([{ templateKey: 7, fileType: 'csv' }]);
    expect(requestVerdict('POST', '/download', body)).toEqual({ admits: false });
    expectError(await sent('POST', '/download', body), 406, 'CCP-BV-001', /data\[0\]\.templateKey/);
  });

  it.each([
    ['GET', `/org/acme-west/org/0?pageSize=1`, undefined, 'orgUuid acme-west is not a UUID'],
    ['POST', '/org/options/org/acme-west/add', envelope([{ key: 'k', value: 'v' }]), 'acme-west'],
    [
      'POST',
      `/edgedevice/org/${ORG.sub2}/user/acme-admin/add`,
      envelope([{ edgeDeviceName: 'Probe', serialNumber: 'SN-PROBE-0' }]),
      'userUuid acme-admin is not a UUID',
    ],
  ] as const)(
    '%s %s: a path uuid that is not one, 200 CCP-HTTP-017 as the 200 answer names',
    async (method, path, body, what) => {
      expect(requestVerdict(method, path, body)).toEqual({ admits: false, answeredWith: 'CCP-HTTP-017' });
      const res = await sent(method, path, body);
      expectError(res, 200, 'CCP-HTTP-017');
      expect(res.body.reason).toContain(what);
    },
  );

  it('a path uuid that is one is admitted', async () => {
    expect(requestVerdict('GET', `/org/${ORG.root}/org/0?pageSize=1`)).toEqual({ admits: true });
    expectOk(await sent('GET', `/org/${ORG.root}/org/0?pageSize=1`));
  });

  const impossible = '2026-13-45T10:00';
  const addDevice = (record: object) =>
    sent('POST', `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`, envelope([record]));
  const download = (device: object) =>
    sent(
      'POST',
      '/download',
      envelope([{ templateKey: 'licenses', fileType: 'csv', detail: { deviceBos: [device] } }]),
    );

  it('a timestamp that does not exist is refused alike by the device add and /download: 406 naming the field', async () => {
    const device = { edgeDeviceName: 'Probe', serialNumber: 'SN-PROBE-1', createdOn: impossible };
    const added = await addDevice(device);
    expectError(
      added,
      406,
      'CCP-BV-001',
      /^CCP-BV-001 Data can not be Null or Empty: data\[0\]\.createdOn: /,
    );
    const asked = await download({ createdOn: impossible });
    expectError(asked, 406, 'CCP-BV-001', /: data\[0\]\.detail\.deviceBos\[0\]\.createdOn: /);
    // The same words after the field path.
    const words = (res: CallResult) => String(res.body.reason).replace(/^.*createdOn: /, '');
    expect(words(added)).toBe(words(asked));
    expect(words(added)).toContain('not a date that exists');
  });

  it('a valid created timestamp sent by a client is still ignored', async () => {
    const [saved] = expectOk(
      await addDevice({
        edgeDeviceName: 'Probe',
        serialNumber: 'SN-PROBE-2',
        createdOn: '2001-01-01T00:00:00.000Z',
      }),
    );
    expect(saved.createdOn).not.toMatch(/^2001-/);
    expectOk(await download({ createdOn: '2001-01-01T00:00:00.000Z' }));
  });
});

// What the OpenAPI document promises that earlier suites did not pin: the body's content type, metadata
// identifiers, and a code's type carrying its codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, ORG, USER } from '../fixtures/basic-ids.js';
import { envelope, expectError, expectOk, startTestServer, type TestServer } from '../helpers/server.js';

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
    const before = srv.store.notifications.all('UTC', ORG.root).length;
    const res = await save({ 'content-type': type });
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty: content-type: /);
    expect(srv.store.notifications.all('UTC', ORG.root)).toHaveLength(before);
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

// Rules every route shares (decisions.md "Transport and envelope", "Headers"): unknown paths, wrong
// methods, authentication, body limits and parsing, metadata echo, restart durability, the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { CODE, DEVICE, LICENSE, ORG, USER } from '../fixtures/basic-ids.js';
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

const codeLookup = () => envelope([{ uuid: CODE.gateway }]);

describe('unknown paths', () => {
  it.each([
    ['GET', '/no/such/path'],
    ['POST', '/edgedevice'],
    ['GET', '/edgedevice/all/0/extra'],
    ['PUT', '/license/x'],
    ['GET', '/'],
  ])('%s %s: 404 NOT_FOUND envelope, before authentication', async (method, path) => {
    const reason = 'NOT_FOUND The resource you were trying to reach is not found';
    expectError(await srv.call(method, path), 404, 'NOT_FOUND', reason);
    expectError(await srv.call(method, path, { token: null }), 404, 'NOT_FOUND', reason);
  });
});

describe('a known path with another method', () => {
  it.each([
    ['GET', '/codes', ['POST']],
    ['DELETE', '/notification', ['POST', 'PUT']],
    ['POST', '/edgedevice/all/0', ['GET']],
    ['GET', `/license/${LICENSE.active}/activate`, ['PUT']],
    ['PUT', '/download', ['POST']],
    ['GET', '/org/update', ['PUT']],
    ['DELETE', `/org/${ORG.root}/org/0`, ['GET']],
    ['PUT', `/org/options/org/${ORG.root}/add`, ['POST']],
    ['GET', '/edgedevice/push', ['POST']],
    ['OPTIONS', '/codes', ['POST']],
    ['PATCH', '/org/update', ['PUT']],
  ])('%s %s: 400 CCP-HTTP-003 with Allow %j, even without a token', async (method, path, allowed) => {
    for (const token of [undefined, null]) {
      const res = await srv.call(method, path, { token });
      expectError(res, 400, 'CCP-HTTP-003', 'CCP-HTTP-003 Request method not supported');
      const allow = String(res.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      for (const m of allowed) expect(allow).toContain(m);
      expect(allow).not.toContain(method);
    }
  });
});

describe('authentication', () => {
  const unauthorized = 'UNAUTHORIZED You are not authorized to view the resource';
  const cases: [string, string, unknown][] = [
    ['GET', '/edgedevice/all/0?pageSize=10', undefined],
    ['POST', '/codes', codeLookup()],
    ['GET', '/codeTypes/0?pageSize=10', undefined],
    ['GET', `/org/${ORG.root}/org/0?pageSize=10`, undefined],
    ['PUT', `/license/${LICENSE.active}/activate`, undefined],
    ['POST', '/download', envelope([{ templateKey: 'licenses', fileType: 'json' }])],
    ['POST', '/notification', envelope([{ type: 'EMAIL' }])],
  ];

  it.each(cases)('%s %s without a token: 401', async (method, path, body) => {
    expectError(
      await srv.call(method, path, { token: null, body, timeZone: 'UTC' }),
      401,
      'UNAUTHORIZED',
      unauthorized,
    );
  });

  it.each(cases)('%s %s with an unknown token: 401', async (method, path, body) => {
    const bogus = `ccp_${'A'.repeat(43)}`;
    expectError(
      await srv.call(method, path, { token: bogus, body, timeZone: 'UTC' }),
      401,
      'UNAUTHORIZED',
      unauthorized,
    );
  });

  it('another scheme or a bare token is 401', async () => {
    for (const authorization of [`Basic ${srv.tokens.admin}`, srv.tokens.admin, 'Bearer', 'Bearer ']) {
      const res = await srv.call('GET', '/codeTypes/0?pageSize=10', {
        token: null,
        timeZone: 'UTC',
        headers: { authorization },
      });
      expectError(res, 401, 'UNAUTHORIZED', unauthorized);
    }
  });

  it('authentication comes before page validation (no token and a bad page: 401)', async () => {
    const res = await srv.call('GET', '/edgedevice/all/-1?pageSize=0', { token: null });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('the response never echoes the token', async () => {
    const res = await srv.call('POST', '/codes', { body: codeLookup(), timeZone: 'UTC' });
    expectOk(res);
    expect(res.text).not.toContain(srv.tokens.admin);
  });
});

describe('request bodies', () => {
  it.each([
    ['not JSON', '{"data": [ {"uuid": '],
    ['plain text', 'hello'],
    ['an empty body', ''],
  ])('%s: 406 CCP-BV-001', async (_name, body) => {
    expectError(await srv.call('POST', '/codes', { body, timeZone: 'UTC' }), 406, 'CCP-BV-001');
  });

  it.each([
    ['a bare array', [{ uuid: CODE.gateway }]],
    ['an object without data', { records: [{ uuid: CODE.gateway }] }],
    ['data not an array', { data: { uuid: CODE.gateway } }],
    ['a string', 'just a string'],
    ['null', null],
    ['a number', 42],
  ])('not an envelope (%s): 406 CCP-BV-001', async (_name, value) => {
    const res = await srv.call('POST', '/edgedevice/push', { body: JSON.stringify(value) });
    expectError(res, 406, 'CCP-BV-001');
  });

  it('a record failing its schema: 406 naming the field path', async () => {
    const res = await srv.call('POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
      body: envelope([
        { edgeDeviceName: 'ok', serialNumber: 'SN-P-1', port: 1 },
        { edgeDeviceName: 'bad', serialNumber: 'SN-P-2', port: 'eighty' },
      ]),
    });
    expectError(res, 406, 'CCP-BV-001', /^CCP-BV-001 Data can not be Null or Empty: data\[1\]\.port/);
    // In plain words: what was expected and what was given.
    expect(res.body.reason).toBe(
      'CCP-BV-001 Data can not be Null or Empty: data[1].port: expected a number, got "eighty"',
    );
  });

  it('a body over 1 MiB: 413 PAYLOAD_TOO_LARGE', async () => {
    const pad = 'x'.repeat(1024 * 1024);
    const res = await srv.call('POST', '/codes', {
      body: envelope([{ uuid: CODE.gateway, longDescription: pad }]),
      timeZone: 'UTC',
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('order of checks: 403 before 413 before 406', async () => {
    const huge = 'z'.repeat(2 * 1024 * 1024);
    // Over the limit and not even JSON: the size is judged first.
    expectError(await srv.call('POST', '/edgedevice/push', { body: huge }), 413, 'PAYLOAD_TOO_LARGE');
    // A viewer may not write, whatever the body.
    expectError(
      await srv.call('POST', '/edgedevice/push', { body: huge, token: srv.tokens.viewer }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await srv.call('PUT', '/org/update', { body: '{oops', token: srv.tokens.operator }),
      403,
      'FORBIDDEN',
    );
    // After a 413 the server still answers.
    expectOk(await srv.call('POST', '/codes', { body: codeLookup(), timeZone: 'UTC' }));
  });

  it('a body just under 1 MiB is accepted (unknown fields ignored)', async () => {
    const body = JSON.stringify(envelope([{ uuid: CODE.gateway, padding: '' }]));
    const pad = 'y'.repeat(1024 * 1024 - body.length - 16);
    const res = await srv.call('POST', '/codes', {
      body: JSON.stringify(envelope([{ uuid: CODE.gateway, padding: pad }])),
      timeZone: 'UTC',
    });
    const [code] = expectOk(res);
    expect(code.uuid).toBe(CODE.gateway);
    expect(code).not.toHaveProperty('padding');
  });

  it('garbage never crashes the server: each gets an error envelope, then a good request works', async () => {
    const garbage: (string | Buffer)[] = [
      Buffer.from([0xff, 0xfe, 0x00, 0x81, 0xc3, 0x28]),
      '\u0000\u0000',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `{"data": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      '{"data": [1e999999]}',
      '{"data": [null]}',
      '{"data": ["a", 1, true]}',
      '{"data": [{"uuid": {"$ne": null}}]}',
      '{"__proto__": {"polluted": true}, "data": [null]}',
      `{"data": [{"uuid": "${CODE.gateway}"}], "metadata": "not an object"}`,
      'null',
    ];
    const targets = [
      ['POST', '/codes'],
      ['POST', '/edgedevice/push'],
      ['POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`],
      ['PUT', '/org/update'],
      ['POST', '/notification'],
      ['POST', '/download'],
    ] as const;
    for (const [method, path] of targets) {
      for (const body of garbage) {
        const res = await srv.call(method, path, { body, timeZone: 'UTC' });
        const what = `${method} ${path} ${String(body).slice(0, 40)}: ${res.text.slice(0, 200)}`;
        // A 4xx, or a section-7 error at 200 (a record whose unknown fields are dropped may name no template).
        expect(res.status, what).toBeLessThan(500);
        expect(res.body.statusCode, what).toBeTypeOf('string');
        expect(res.body.statusCode, what).not.toBe('OK');
        expect(res.body.data).toEqual([]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [code] = expectOk(await srv.call('POST', '/codes', { body: codeLookup(), timeZone: 'UTC' }));
    expect(code.uuid).toBe(CODE.gateway);
  });
});

describe('time_zone header', () => {
  it.each([
    ['POST', '/codes'],
    ['GET', '/edgedevice/all/0?pageSize=10'],
    ['GET', `/org/${ORG.root}/org/0?pageSize=10`],
    ['GET', '/codeTypes/0?pageSize=10'],
  ])('%s %s: missing or unknown zone is 406 naming time_zone', async (method, path) => {
    const body = method === 'POST' ? codeLookup() : undefined;
    expectError(await srv.call(method, path, { body }), 406, 'CCP-BV-001', /time_zone/);
    expectError(
      await srv.call(method, path, { body, timeZone: 'Mars/Olympus_Mons' }),
      406,
      'CCP-BV-001',
      /time_zone/,
    );
    expectError(await srv.call(method, path, { body, timeZone: '' }), 406, 'CCP-BV-001', /time_zone/);
  });

  it('other operations accept a request without time_zone (UTC rendering)', async () => {
    const res = await srv.call('PUT', `/license/${LICENSE.active}/activate`);
    const [license] = expectOk(res);
    expect(license.licenseDetails.license.licenseTo).toBe('2027-11-21T04:00:00*000+0000');
  });
});

describe('metadata', () => {
  it('a POST echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000042',
      orgUuid: ORG.root,
      userUuid: USER.admin,
    };
    const res = await srv.call('POST', '/codes', { body: { ...codeLookup(), metadata }, timeZone: 'UTC' });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it("a GET echoes the caller's organization and user, fileCodeUuid empty", async () => {
    const res = await srv.call('GET', '/codeTypes/0?pageSize=1', { timeZone: 'UTC' });
    expectOk(res);
    expect(res.body.metadata.orgUuid).toBe(ORG.root);
    expect(res.body.metadata.userUuid).toBe(USER.admin);
    expect(['', null, undefined]).toContain(res.body.metadata.fileCodeUuid);

    const sub = await srv.call('GET', `/org/${ORG.sub1}/org/0?pageSize=1`, {
      timeZone: 'UTC',
      token: srv.tokens.subAdmin,
    });
    expectOk(sub);
    expect(sub.body.metadata.orgUuid).toBe(ORG.sub1);
    expect(sub.body.metadata.userUuid).toBe(USER.subAdmin);
  });
});

describe('GET /openapi.json', () => {
  it('serves an OpenAPI 3.1 document describing the interface', async () => {
    const res = await srv.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toBeTypeOf('object');
    const paths = Object.keys(res.body.paths ?? {});
    for (const p of [
      '/codes',
      '/edgedevice/push',
      '/org/update',
      '/notification',
      '/notification/configure',
      '/download',
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths.length).toBeGreaterThanOrEqual(12);
  });
});

describe('durability', () => {
  it('records and tokens survive a restart on the same file', async () => {
    const add = await srv.call('POST', `/edgedevice/org/${ORG.sub2}/user/${USER.admin}/add`, {
      body: envelope([{ edgeDeviceName: 'Survivor', serialNumber: 'SN-RESTART-1', port: 9000 }]),
    });
    const [created] = expectOk(add);
    await srv.restart();
    const list = await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
    const devices = expectOk(list);
    const found = devices.find((d) => d.uuid === created.uuid);
    expect(found).toMatchObject({
      edgeDeviceName: 'Survivor',
      serialNumber: 'SN-RESTART-1',
      port: 9000,
      orgUUID: ORG.sub2,
    });
    expect(devices.map((d) => d.uuid)).toContain(DEVICE.gateway1);
    expect(
      expectOk(
        await srv.call('POST', '/codes', { body: codeLookup(), timeZone: 'UTC', token: srv.tokens.viewer }),
      ),
    ).toHaveLength(1);
  });
});

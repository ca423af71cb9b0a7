// decisions.md "Limits and hostile input": at most 1,000 records a request; text at most 4,096 characters
// (flowJSON excepted) and no NUL; port 1..65535; counts 0 or more; a body that is not UTF-8 refused. Each
// is a 406 CCP-BV-001 naming the field, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { envelope, expectError, expectOk, startTestServer, type TestServer } from '../../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const ADD = `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`;
const devices = () => srv.engine.db.prepare('SELECT count(*) FROM edge_devices').pluck().get() as number;

async function refused(path: string, body: unknown, field: string, method = 'POST') {
  const before = devices();
  const res = await srv.call(method, path, { body });
  expectError(res, 406, 'CCP-BV-001');
  expect(res.body.reason).toContain(`: ${field}: `);
  expect(devices()).toBe(before);
  return res.body.reason as string;
}

describe('limits of a request', () => {
  it('1,001 records in data: 406 naming data; 1,000 are taken', async () => {
    const many = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({ edgeDeviceName: 'd', serialNumber: `${tag}-${i}` }));
    const reason = await refused(ADD, envelope(many(1001, 'TOO')), 'data');
    expect(reason).toMatch(/at most 1000 records/);
    expect(expectOk(await srv.call('POST', ADD, { body: envelope(many(1000, 'MAX')) }))).toHaveLength(1000);
  });

  it('a text field of 4,097 characters, or holding NUL: 406 naming it; 4,096 is taken', async () => {
    const long = 'x'.repeat(4097);
    expect(
      await refused(ADD, envelope([{ edgeDeviceName: long, serialNumber: 'L-1' }]), 'data[0].edgeDeviceName'),
    ).toMatch(/at most 4096 characters/);
    await refused(
      ADD,
      envelope([{ edgeDeviceName: 'n', serialNumber: 'L-2', location: long }]),
      'data[0].location',
    );
    expect(
      await refused(
        ADD,
        envelope([{ edgeDeviceName: 'a\u0000b', serialNumber: 'L-3' }]),
        'data[0].edgeDeviceName',
      ),
    ).toMatch(/NUL/);
    await refused(
      '/notification',
      envelope([
        { type: 'EMAIL', notificationOptions: [{ attributeName: 'to', attributeValue: 'a\u0000' }] },
      ]),
      'data[0].notificationOptions[0].attributeValue',
    );
    await refused(
      ADD,
      { data: [{ edgeDeviceName: 'n', serialNumber: 'L-4' }], metadata: { orgUuid: long } },
      'metadata.orgUuid',
    );
    expectOk(
      await srv.call('POST', ADD, {
        body: envelope([{ edgeDeviceName: 'x'.repeat(4096), serialNumber: 'L-5' }]),
      }),
    );
  });

  it('port outside 1..65535 and a negative count: 406 naming the field', async () => {
    for (const port of [0, -1, 65536, 1.5]) {
      await refused(
        ADD,
        envelope([{ edgeDeviceName: 'p', serialNumber: `P-${port}`, port }]),
        'data[0].port',
      );
    }
    await refused(
      ADD,
      envelope([{ edgeDeviceName: 'c', serialNumber: 'C-1', noOfdevices: -1 }]),
      'data[0].noOfdevices',
    );
    expectOk(
      await srv.call('POST', ADD, {
        body: envelope([{ edgeDeviceName: 'ok', serialNumber: 'P-OK', port: 65535, noOfdevices: 0 }]),
      }),
    );
  });

  it('flowJSON is bounded only by the body: 100,000 characters are taken', async () => {
    const [device] = expectOk(
      await srv.call('POST', ADD, { body: envelope([{ edgeDeviceName: 'f', serialNumber: 'F-1' }]) }),
    );
    const flowJSON = JSON.stringify({ nodes: 'n'.repeat(100_000) });
    const pushed = expectOk(
      await srv.call('POST', '/edgedevice/push', {
        body: envelope([{ uuid: device.uuid, edgeFlows: [{ flowId: 'big', flowJSON }] }]),
      }),
    );
    expect(pushed[0].edgeFlows[0].flowJSON).toBe(flowJSON);
  });

  it('a body that is not valid UTF-8: 406, nothing stored (never turned into U+FFFD)', async () => {
    const before = devices();
    const text = JSON.stringify(envelope([{ edgeDeviceName: 'BAD', serialNumber: 'U-1' }]));
    const bad = Buffer.concat([
      Buffer.from(text.slice(0, 40)),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.slice(40)),
    ]);
    const res = await srv.call('POST', ADD, { body: bad });
    expectError(res, 406, 'CCP-BV-001', 'CCP-BV-001 Data can not be Null or Empty: body: not valid UTF-8');
    expect(devices()).toBe(before);
    // A lone surrogate half encoded as UTF-8 (CESU) is not UTF-8 either.
    const withSurrogate = Buffer.concat([
      Buffer.from(text.slice(0, 40)),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(text.slice(40)),
    ]);
    expectError(await srv.call('POST', ADD, { body: withSurrogate }), 406, 'CCP-BV-001');
    // Half a surrogate pair as a JSON escape is valid UTF-8 but no text: stored, it would become U+FFFD.
    const reason = await refused(
      ADD,
      envelope([{ edgeDeviceName: 'a\uD800', serialNumber: 'U-2' }]),
      'data[0].edgeDeviceName',
    );
    expect(reason).toMatch(/surrogate/);
  });
});

// GET /edgedevice/all/{pageNo}, POST /edgedevice/org/{orgUuid}/user/{userUuid}/add, POST /edgedevice/push.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/index.js';
import { DEVICE, DEVICES_IN_SCOPE, FLOW, ORG, UNKNOWN_UUID, USER } from '../fixtures/basic-ids.js';
import {
  describePagination,
  envelope,
  expectError,
  expectOk,
  expectStableOrder,
  FIXED_NOW,
  startTestServer,
  type TestServer,
  WIRE_TIMESTAMP,
  walkPages,
} from '../helpers/server.js';

const clock = fixedClock(FIXED_NOW);
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(async () => {
  await srv?.close();
});

const addPath = (org: string, user: string = USER.admin) => `/edgedevice/org/${org}/user/${user}/add`;
const list = async (token?: string) =>
  expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC', token }));
const count = async () => (await list()).length;

// Runs first, while the listing holds exactly the fixture's devices.
describePagination(() => srv, {
  base: '/edgedevice/all',
  expected: () => DEVICES_IN_SCOPE.root,
  pageSize: 2,
});

describe('GET /edgedevice/all/{pageNo}', () => {
  it('lists the devices in scope with their flows and external references', async () => {
    const res = await srv.call('GET', '/edgedevice/all/0?pageSize=100', { timeZone: 'UTC' });
    const devices = expectOk(res);
    expect(devices.map((d) => d.uuid).sort()).toEqual([...DEVICES_IN_SCOPE.root].sort());
    expect(res.headers['x-total-count']).toBe(String(DEVICES_IN_SCOPE.root.length));
    const g1 = devices.find((d) => d.uuid === DEVICE.gateway1);
    expect(g1).toMatchObject({
      edgeDeviceName: 'Gateway Pune 1',
      serialNumber: 'SN-1001',
      ipAdress: '10.0.0.11',
      port: 1883,
      noOfdevices: 12,
      isActive: true,
      isDisabled: false,
      orgUUID: ORG.root,
      userUUID: USER.admin,
    });
    expect(g1.edgeFlows.map((f: { flowId: string }) => f.flowId).sort()).toEqual([
      'flow-humidity',
      'flow-temperature',
    ]);
    const temp = g1.edgeFlows.find((f: { uuid: string }) => f.uuid === FLOW.temperature);
    expect(JSON.parse(temp.flowJSON)).toEqual({ nodes: [{ id: 't1', type: 'inject' }] });
    expect(g1.externalReferences).toHaveLength(1);
    expect(g1.externalReferences[0]).toMatchObject({ entityTypeCodeIdentifier: 'MQTT', subType: 'broker' });
    for (const d of devices) {
      expect(Array.isArray(d.edgeFlows)).toBe(true);
      expect(Array.isArray(d.externalReferences)).toBe(true);
    }
  });

  it("renders timestamps in the request's time_zone (same instant)", async () => {
    const utc = expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=100', { timeZone: 'UTC' }));
    const ist = expectOk(
      await srv.call('GET', '/edgedevice/all/0?pageSize=100', { timeZone: 'Asia/Kolkata' }),
    );
    const g1u = utc.find((d) => d.uuid === DEVICE.gateway1);
    const g1i = ist.find((d) => d.uuid === DEVICE.gateway1);
    expect(g1u.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(g1i.createdOn).toBe('2026-11-21T09:30:00*000+0530');
    expect(g1i.modifiedOn).toMatch(/\+0530$/);
    for (const f of g1i.edgeFlows) {
      expect(f.createdOn).toMatch(WIRE_TIMESTAMP);
      expect(f.createdOn).toMatch(/\+0530$/);
    }
    expect(g1i.externalReferences[0].createdOn).toBe('2026-11-21T09:30:00*000+0530');
    const ny = expectOk(
      await srv.call('GET', '/edgedevice/all/0?pageSize=100', { timeZone: 'America/New_York' }),
    );
    expect(ny.find((d) => d.uuid === DEVICE.gateway1).createdOn).toBe('2026-11-20T23:00:00*000-0500');
  });

  it("a sub-organization's admin sees its subtree only, not the parent's devices", async () => {
    const sub = await list(srv.tokens.subAdmin);
    expect(sub.map((d) => d.uuid).sort()).toEqual([...DEVICES_IN_SCOPE.sub1].sort());
    const other = await list(srv.tokens.otherAdmin);
    expect(other.map((d) => d.uuid)).toEqual(DEVICES_IN_SCOPE.other);
  });

  it('viewer and operator may list', async () => {
    expect((await list(srv.tokens.viewer)).length).toBe(DEVICES_IN_SCOPE.root.length);
    expect((await list(srv.tokens.operator)).length).toBe(DEVICES_IN_SCOPE.root.length);
  });

  it('needs time_zone', async () => {
    expectError(await srv.call('GET', '/edgedevice/all/0?pageSize=10'), 406, 'CCP-BV-001', /time_zone/);
    const res = await srv.call('GET', '/edgedevice/all/0?pageSize=10', { timeZone: 'Nowhere/City' });
    expectError(res, 406, 'CCP-BV-001', /time_zone/);
  });
});

describe('POST /edgedevice/org/{orgUuid}/user/{userUuid}/add', () => {
  it('creates a device: server-assigned uuid, orgUUID/userUUID from the path, unknown fields dropped', async () => {
    const before = await count();
    const res = await srv.call('POST', addPath(ORG.sub2, USER.operator), {
      body: envelope([
        {
          edgeDeviceName: 'West gateway',
          serialNumber: 'SN-W-1',
          ipAdress: '10.4.0.1',
          port: 1883,
          location: 'Mumbai',
          isActive: true,
          isDisabled: false,
          orgUUID: ORG.other,
          userUUID: USER.otherAdmin,
          createdOn: '2001-01-01T00:00:00*000+0000',
          madeUpField: 'dropped',
        },
      ]),
    });
    const [created] = expectOk(res);
    expect(created.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(Object.values(DEVICE)).not.toContain(created.uuid);
    expect(created).toMatchObject({
      edgeDeviceName: 'West gateway',
      serialNumber: 'SN-W-1',
      port: 1883,
      orgUUID: ORG.sub2,
      userUUID: USER.operator,
    });
    expect(created).not.toHaveProperty('madeUpField');
    expect(created.createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(await count()).toBe(before + 1);
    const listed = (await list()).find((d) => d.uuid === created.uuid);
    expect(listed).toMatchObject({ serialNumber: 'SN-W-1', orgUUID: ORG.sub2 });
    expect(listed).not.toHaveProperty('madeUpField');
  });

  it('echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000007',
      orgUuid: ORG.root,
      userUuid: USER.admin,
    };
    const res = await srv.call('POST', addPath(ORG.root), {
      body: { data: [{ edgeDeviceName: 'Echo', serialNumber: 'SN-ECHO' }], metadata },
    });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it('updates a device named by an existing uuid', async () => {
    const before = await count();
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope([
        { uuid: DEVICE.gateway2, edgeDeviceName: 'Gateway Pune 2b', serialNumber: 'SN-1002', port: 8883 },
      ]),
    });
    const [updated] = expectOk(res);
    expect(updated).toMatchObject({ uuid: DEVICE.gateway2, edgeDeviceName: 'Gateway Pune 2b', port: 8883 });
    expect(await count()).toBe(before);
    expect((await list()).find((d) => d.uuid === DEVICE.gateway2)).toMatchObject({
      edgeDeviceName: 'Gateway Pune 2b',
    });
  });

  it('creates and updates in one batch, answering every saved record', async () => {
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope([
        { edgeDeviceName: 'Batch new', serialNumber: 'SN-B-1' },
        { uuid: DEVICE.dockCamera, edgeDeviceName: 'Dock camera 2', serialNumber: 'SN-1004' },
      ]),
    });
    const saved = expectOk(res);
    expect(saved).toHaveLength(2);
    expect(saved.map((d) => d.serialNumber).sort()).toEqual(['SN-1004', 'SN-B-1']);
  });

  it('a batch of new devices answers exactly what the store reads back, in its order', async () => {
    const records = Array.from({ length: 30 }, (_, i) => ({
      edgeDeviceName: `fresh ${i}`,
      serialNumber: `SN-FRESH-${i}`,
      port: 2000 + i,
      isActive: i % 2 === 0,
      ...(i % 3 === 0 ? { location: null, noOfdevices: i } : {}),
      ...(i === 4 ? { uuid: 'f0000000-0000-4000-8000-00000000000a' } : {}),
    }));
    const answer = expectOk(
      await srv.call('POST', addPath(ORG.root), { body: envelope(records), timeZone: 'Asia/Kolkata' }),
    );
    expect(answer).toHaveLength(30);
    const uuids = new Set(answer.map((d: { uuid: string }) => d.uuid));
    const stored = expectOk(
      await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'Asia/Kolkata' }),
    ).filter((d: { uuid: string }) => uuids.has(d.uuid));
    expect(answer).toEqual(stored);
    expect(answer.map((d: { uuid: string }) => d.uuid)).toEqual([...uuids].sort());
  });

  it('a serial-number clash inside the batch saves nothing: 200 CCP-DM-006', async () => {
    const before = await list();
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope([
        { edgeDeviceName: 'First', serialNumber: 'SN-DUP-1' },
        { edgeDeviceName: 'Second', serialNumber: 'SN-DUP-1' },
      ]),
    });
    expectError(
      res,
      200,
      'CCP-DM-006',
      `CCP-DM-006 Error while Creating/Updating edge device: data[1].serialNumber SN-DUP-1 is already used in organization ${ORG.root}`,
    );
    const after = await list();
    expect(after.length).toBe(before.length);
    expect(after.some((d) => d.serialNumber === 'SN-DUP-1')).toBe(false);
  });

  it('a clash with an existing device of the organization saves nothing, not even the good records', async () => {
    const before = await count();
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope([
        { edgeDeviceName: 'Good one', serialNumber: 'SN-GOOD-9' },
        { edgeDeviceName: 'Clashing', serialNumber: 'SN-1003' },
      ]),
    });
    expectError(
      res,
      200,
      'CCP-DM-006',
      `CCP-DM-006 Error while Creating/Updating edge device: data[1].serialNumber SN-1003 is already used in organization ${ORG.root}`,
    );
    expect(await count()).toBe(before);
    expect((await list()).some((d) => d.serialNumber === 'SN-GOOD-9')).toBe(false);
    // The update of a record in a failed batch is rolled back too.
    const res2 = await srv.call('POST', addPath(ORG.root), {
      body: envelope([
        { uuid: DEVICE.sensorHub, edgeDeviceName: 'Renamed in a failed batch', serialNumber: 'SN-1003' },
        { edgeDeviceName: 'Clashing', serialNumber: 'SN-1001' },
      ]),
    });
    expectError(res2, 200, 'CCP-DM-006');
    expect((await list()).find((d) => d.uuid === DEVICE.sensorHub).edgeDeviceName).toBe('Sensor hub');
  });

  it('concurrent adds: distinct serials all land, one serial lands once', async () => {
    const before = await count();
    const distinct = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        srv.call('POST', addPath(ORG.sub2), {
          body: envelope([{ edgeDeviceName: `Par ${i}`, serialNumber: `SN-PAR-${i}` }]),
        }),
      ),
    );
    for (const res of distinct) expectOk(res);
    const same = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        srv.call('POST', addPath(ORG.sub2), {
          body: envelope([{ edgeDeviceName: `Race ${i}`, serialNumber: 'SN-RACE' }]),
        }),
      ),
    );
    expect(same.filter((r) => r.body.statusCode === 'OK')).toHaveLength(1);
    for (const r of same.filter((x) => x.body.statusCode !== 'OK')) expectError(r, 200, 'CCP-DM-006');
    const after = await list();
    expect(after.length).toBe(before + 13);
    expect(after.filter((d) => d.serialNumber === 'SN-RACE')).toHaveLength(1);
  });

  it('serial numbers are unique per organization only', async () => {
    const [d] = expectOk(
      await srv.call('POST', addPath(ORG.sub3), {
        body: envelope([{ edgeDeviceName: 'North copy', serialNumber: 'SN-1003' }]),
      }),
    );
    expect(d).toMatchObject({ orgUUID: ORG.sub3, serialNumber: 'SN-1003' });
  });

  it.each([
    ['a malformed org uuid', addPath('not-a-uuid'), 'orgUuid not-a-uuid is not a UUID'],
    ['an unknown org uuid', addPath(UNKNOWN_UUID), `organization ${UNKNOWN_UUID} does not exist`],
    ['a malformed user uuid', addPath(ORG.root, 'nobody'), 'userUuid nobody is not a UUID'],
  ])('%s in the path: 200 CCP-HTTP-017 naming it, nothing saved', async (_name, path, what) => {
    const before = await count();
    const res = await srv.call('POST', path, {
      body: envelope([{ edgeDeviceName: 'X', serialNumber: 'SN-017' }]),
    });
    expectError(res, 200, 'CCP-HTTP-017', `CCP-HTTP-017 Invalid UUID Identifier: ${what}`);
    expect(await count()).toBe(before);
  });

  it('a record failing its schema: 406 naming the field', async () => {
    const bad = await srv.call('POST', addPath(ORG.root), {
      body: envelope([{ edgeDeviceName: 'Bad port', serialNumber: 'SN-BAD', port: 'http' }]),
    });
    expectError(bad, 406, 'CCP-BV-001', /data\[0\]\.port/);
    const noSerial = await srv.call('POST', addPath(ORG.root), {
      body: envelope([{ edgeDeviceName: 'ok', serialNumber: 'SN-OK-3' }, { edgeDeviceName: 'No serial' }]),
    });
    expectError(noSerial, 406, 'CCP-BV-001', /data\[1\]\.serialNumber/);
  });

  it('roles and scope: viewer 403, operator allowed, other organizations 403', async () => {
    const body = envelope([{ edgeDeviceName: 'Role test', serialNumber: 'SN-ROLE-1' }]);
    const forbidden = 'FORBIDDEN Accessing the resource is forbidden';
    expectError(
      await srv.call('POST', addPath(ORG.root), { body, token: srv.tokens.viewer }),
      403,
      'FORBIDDEN',
      forbidden,
    );
    expectError(
      await srv.call('POST', addPath(ORG.root), { body, token: srv.tokens.otherAdmin }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await srv.call('POST', addPath(ORG.root), { body, token: srv.tokens.subAdmin }),
      403,
      'FORBIDDEN',
    );
    expect((await list()).some((d) => d.serialNumber === 'SN-ROLE-1')).toBe(false);
    expectOk(await srv.call('POST', addPath(ORG.root), { body, token: srv.tokens.operator }));
    expectOk(
      await srv.call('POST', addPath(ORG.sub1a), {
        body: envelope([{ edgeDeviceName: 'Lab 2', serialNumber: 'SN-LAB-2' }]),
        token: srv.tokens.subAdmin,
      }),
    );
  });

  it('no token: 401', async () => {
    const body = envelope([{ edgeDeviceName: 'X', serialNumber: 'SN-401' }]);
    expectError(await srv.call('POST', addPath(ORG.root), { body, token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /edgedevice/push', () => {
  const push = (records: unknown[], token?: string) =>
    srv.call('POST', '/edgedevice/push', { body: envelope(records), token });

  it('upserts flows by flowId: pushing twice leaves one flow, updated', async () => {
    const flow = { flowId: 'flow-door', flowName: 'Door', flowJSON: '{"nodes":[1]}', isActive: true };
    const [first] = expectOk(await push([{ uuid: DEVICE.dockCamera, edgeFlows: [flow] }]));
    expect(first.uuid).toBe(DEVICE.dockCamera);
    const f1 = first.edgeFlows.filter((f: { flowId: string }) => f.flowId === 'flow-door');
    expect(f1).toHaveLength(1);
    expect(f1[0].uuid).toMatch(/^[0-9a-f-]{36}$/i);

    const [second] = expectOk(
      await push([
        { uuid: DEVICE.dockCamera, edgeFlows: [{ ...flow, flowName: 'Door v2', flowJSON: '{"nodes":[2]}' }] },
      ]),
    );
    const f2 = second.edgeFlows.filter((f: { flowId: string }) => f.flowId === 'flow-door');
    expect(f2).toHaveLength(1);
    expect(f2[0]).toMatchObject({ uuid: f1[0].uuid, flowName: 'Door v2', flowJSON: '{"nodes":[2]}' });
    expect(f2[0].createdOn).toMatch(WIRE_TIMESTAMP);

    const listed = (await list()).find((d) => d.uuid === DEVICE.dockCamera);
    expect(listed.edgeFlows.filter((f: { flowId: string }) => f.flowId === 'flow-door')).toHaveLength(1);
  });

  it('answers the device with all its flows, existing ones kept', async () => {
    const [device] = expectOk(
      await push([
        {
          uuid: DEVICE.gateway1,
          edgeFlows: [{ flowId: 'flow-temperature', flowName: 'Temperature v2', flowJSON: '{"nodes":[]}' }],
        },
      ]),
    );
    const byId = Object.fromEntries(device.edgeFlows.map((f: { flowId: string }) => [f.flowId, f]));
    expect(Object.keys(byId).sort()).toEqual(['flow-humidity', 'flow-temperature']);
    expect(byId['flow-temperature']).toMatchObject({ uuid: FLOW.temperature, flowName: 'Temperature v2' });
    expect(byId['flow-humidity']).toMatchObject({ uuid: FLOW.humidity, flowName: 'Humidity' });
  });

  it('several devices in one push', async () => {
    const data = expectOk(
      await push([
        { uuid: DEVICE.sensorHub, edgeFlows: [{ flowId: 'a', flowJSON: '1' }] },
        { uuid: DEVICE.eastGateway, edgeFlows: [{ flowId: 'b', flowJSON: '[]' }] },
      ]),
    );
    expect(data.map((d) => d.uuid).sort()).toEqual([DEVICE.sensorHub, DEVICE.eastGateway].sort());
  });

  it('an unknown device: 404, and the batch is one transaction', async () => {
    const res = await push([
      { uuid: DEVICE.gateway2, edgeFlows: [{ flowId: 'flow-atomic', flowJSON: '{}' }] },
      { uuid: UNKNOWN_UUID, edgeFlows: [{ flowId: 'flow-atomic', flowJSON: '{}' }] },
    ]);
    expectError(
      res,
      404,
      'NOT_FOUND',
      `NOT_FOUND The resource you were trying to reach is not found: edge device ${UNKNOWN_UUID}`,
    );
    const g2 = (await list()).find((d) => d.uuid === DEVICE.gateway2);
    expect(g2.edgeFlows.some((f: { flowId: string }) => f.flowId === 'flow-atomic')).toBe(false);
  });

  it('flowJSON that is not JSON: 406 naming the field', async () => {
    const res = await push([
      {
        uuid: DEVICE.gateway2,
        edgeFlows: [
          { flowId: 'ok', flowJSON: '{}' },
          { flowId: 'bad', flowJSON: '{nodes:' },
        ],
      },
    ]);
    expectError(res, 406, 'CCP-BV-001', /data\[0\]\.edgeFlows\[1\]\.flowJSON/);
  });

  it('a device of another organization: 403; viewer: 403; no token: 401', async () => {
    const rec = [{ uuid: DEVICE.gateway1, edgeFlows: [{ flowId: 'intruder', flowJSON: '{}' }] }];
    expectError(await push(rec, srv.tokens.otherAdmin), 403, 'FORBIDDEN');
    expectError(await push(rec, srv.tokens.subAdmin), 403, 'FORBIDDEN');
    expectError(await push(rec, srv.tokens.viewer), 403, 'FORBIDDEN');
    expectError(
      await srv.call('POST', '/edgedevice/push', { body: envelope(rec), token: null }),
      401,
      'UNAUTHORIZED',
    );
    const g1 = (await list()).find((d) => d.uuid === DEVICE.gateway1);
    expect(g1.edgeFlows.some((f: { flowId: string }) => f.flowId === 'intruder')).toBe(false);
    expectOk(await push(rec, srv.tokens.operator));
  });
});

describe('order of the listing', () => {
  it('devices created later come after the older ones whatever their uuids, on every page size', async () => {
    const late: string[] = [];
    for (let i = 1; i <= 4; i++) {
      clock.set(FIXED_NOW + i * 60_000);
      const [d] = expectOk(
        await srv.call('POST', addPath(ORG.root), {
          body: envelope([{ edgeDeviceName: `Late ${i}`, serialNumber: `SN-LATE-${i}` }]),
        }),
      );
      late.push(d.uuid);
    }
    // An update does not move a device: its createdOn stays.
    expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([
          { uuid: DEVICE.gateway1, edgeDeviceName: 'Gateway Pune 1', serialNumber: 'SN-1001' },
        ]),
      }),
    );
    for (const size of [1, 2, 3, 1000]) {
      const all = await walkPages(srv, '/edgedevice/all', size, { timeZone: 'UTC' });
      expectStableOrder(all);
      expect(all.slice(-4).map((d) => d.uuid)).toEqual(late);
    }
    const all = await list();
    expect(all.at(-1).createdOn).toBe('2026-11-21T04:04:00*000+0000');
    expect(all.find((d) => d.uuid === DEVICE.gateway1).createdOn).toBe('2026-11-21T04:00:00*000+0000');
    expect(all.find((d) => d.uuid === DEVICE.gateway1).modifiedOn).toBe('2026-11-21T04:04:00*000+0000');
  });
});

describe('a new device without state flags', () => {
  it('is active and not disabled; an update without them keeps what it has', async () => {
    const [created] = expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([{ edgeDeviceName: 'Defaults probe', serialNumber: 'SN-DEFAULTS-1' }]),
      }),
    );
    expect(created).toMatchObject({ isActive: true, isDisabled: false });
    const [updated] = expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([
          {
            uuid: created.uuid,
            edgeDeviceName: 'Defaults probe 2',
            serialNumber: 'SN-DEFAULTS-1',
            isActive: false,
          },
        ]),
      }),
    );
    expect(updated).toMatchObject({ isActive: false, isDisabled: false, edgeDeviceName: 'Defaults probe 2' });
  });
});

describe('serial numbers are compared as people read them (NFC, trimmed, no zero-width characters)', () => {
  // The same serial four ways: NFC, NFD (e + combining acute), with a zero-width space, with a trailing space.
  const lookAlikes = (base: string) => [
    `caf\u00e9-${base}`,
    `cafe\u0301-${base}`,
    `caf\u00e9-${base}\u200b`,
    `caf\u00e9-${base} `,
  ];
  const readsAs = (base: string) => (d: { serialNumber: string | null }) =>
    (d.serialNumber ?? '')
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      .trim()
      .normalize('NFC') === `caf\u00e9-${base}`;

  it('four look-alikes in one batch: CCP-DM-006 naming both serials, nothing saved', async () => {
    const before = await count();
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope(
        lookAlikes('1').map((serialNumber, i) => ({ edgeDeviceName: `Cafe ${i}`, serialNumber })),
      ),
    });
    expectError(
      res,
      200,
      'CCP-DM-006',
      `CCP-DM-006 Error while Creating/Updating edge device: data[1].serialNumber "cafe\u0301-1" is already used in organization ${ORG.root} as "caf\u00e9-1" by data[0] (serial numbers are compared trimmed, NFC-normalised and without zero-width characters)`,
    );
    expect(await count()).toBe(before);
    expect((await list()).some(readsAs('1'))).toBe(false);
  });

  it('each look-alike of a stored serial, sent later: CCP-DM-006 naming both, nothing saved', async () => {
    const [first, ...others] = lookAlikes('2');
    const stored = expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([{ edgeDeviceName: 'Cafe', serialNumber: first }]),
      }),
    )[0];
    const before = await count();
    for (const serialNumber of others) {
      const res = await srv.call('POST', addPath(ORG.root), {
        body: envelope([
          { edgeDeviceName: 'Good one', serialNumber: 'SN-LOOK-GOOD' },
          { edgeDeviceName: 'Look-alike', serialNumber },
        ]),
      });
      expectError(
        res,
        200,
        'CCP-DM-006',
        `CCP-DM-006 Error while Creating/Updating edge device: data[1].serialNumber ${JSON.stringify(serialNumber)} is already used in organization ${ORG.root} as "caf\u00e9-2" by device ${stored.uuid} (serial numbers are compared trimmed, NFC-normalised and without zero-width characters)`,
      );
    }
    // Nor may another device be renamed to one.
    const res = await srv.call('POST', addPath(ORG.root), {
      body: envelope([{ uuid: DEVICE.sensorHub, edgeDeviceName: 'Sensor hub', serialNumber: others[2] }]),
    });
    expectError(res, 200, 'CCP-DM-006', new RegExp(`as "caf\u00e9-2" by device ${stored.uuid}`));
    const after = await list();
    expect(after).toHaveLength(before);
    expect(after.filter(readsAs('2')).map((d) => d.uuid)).toEqual([stored.uuid]);
    expect(after.some((d) => d.serialNumber === 'SN-LOOK-GOOD')).toBe(false);
  });

  it('a serial is kept as sent; the device saving its own look-alike keeps it; another organization may use it', async () => {
    const sent = `cafe\u0301-3 `;
    const [device] = expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([{ edgeDeviceName: 'Kept', serialNumber: sent }]),
      }),
    );
    expect(device.serialNumber).toBe(sent);
    expect((await list()).find((d) => d.uuid === device.uuid).serialNumber).toBe(sent);
    const [again] = expectOk(
      await srv.call('POST', addPath(ORG.root), {
        body: envelope([{ uuid: device.uuid, edgeDeviceName: 'Kept', serialNumber: 'caf\u00e9-3' }]),
      }),
    );
    expect(again.serialNumber).toBe('caf\u00e9-3');
    expectOk(
      await srv.call('POST', addPath(ORG.sub1), {
        body: envelope([{ edgeDeviceName: 'Sub', serialNumber: sent }]),
      }),
    );
  });
});

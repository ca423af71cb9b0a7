// A table of devices without flows or references serves a page in one query (store/edge-devices.ts
// remembers that none has any until something is written): the first flow or reference written, through
// this server or by another connection to the file, shows at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEngine } from '../../src/server/store/db.js';
import { DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import { envelope, expectOk, startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;

beforeAll(async () => {
  const basic = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/basic.json'), 'utf8'));
  const edgeDevices = (basic.edgeDevices as object[]).map((d) => ({
    ...d,
    edgeFlows: [],
    externalReferences: [],
  }));
  srv = await startTestServer({ fixture: { ...basic, edgeDevices } });
});

afterAll(async () => {
  await srv?.close();
});

const device = async (uuid: string) => {
  const all = expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' }));
  return all.find((d) => d.uuid === uuid);
};

describe('devices without flows or references', () => {
  it('list with empty lists', async () => {
    const all = expectOk(await srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' }));
    expect(all.length).toBeGreaterThan(2);
    for (const d of all) expect([d.edgeFlows, d.externalReferences]).toEqual([[], []]);
  });

  it('a pushed flow is in the push answer and in the next page', async () => {
    const res = await srv.call('POST', '/edgedevice/push', {
      body: envelope([{ uuid: DEVICE.gateway1, edgeFlows: [{ flowId: 'first', flowJSON: '[]' }] }]),
      timeZone: 'UTC',
    });
    expect(expectOk(res)[0].edgeFlows.map((f: { flowId: string }) => f.flowId)).toEqual(['first']);
    expect((await device(DEVICE.gateway1)).edgeFlows.map((f: { flowId: string }) => f.flowId)).toEqual([
      'first',
    ]);
  });

  it('references sent with an update are in its answer and in the next page', async () => {
    const before = await device(DEVICE.gateway2);
    expect(before.externalReferences).toEqual([]);
    const res = await srv.call('POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
      body: envelope([
        { ...before, edgeFlows: undefined, externalReferences: [{ userName: 'svc', subType: 'historian' }] },
      ]),
      timeZone: 'UTC',
    });
    expect(expectOk(res)[0].externalReferences).toMatchObject([{ userName: 'svc' }]);
    expect((await device(DEVICE.gateway2)).externalReferences).toMatchObject([{ userName: 'svc' }]);
  });

  it('a flow another connection writes to the file shows in the next page', async () => {
    // A fresh table of bare devices for this server's connection: every flow and reference removed.
    const other = openSqliteEngine(srv.dbPath);
    try {
      other.db.exec('DELETE FROM edge_flows; DELETE FROM external_references;');
      expect((await device(DEVICE.gateway1)).edgeFlows).toEqual([]);
      other.edgeDevices.upsertFlow(DEVICE.gateway1, { flowId: 'elsewhere', flowJSON: '[]' }, Date.now());
    } finally {
      other.close();
    }
    expect((await device(DEVICE.gateway1)).edgeFlows.map((f: { flowId: string }) => f.flowId)).toEqual([
      'elsewhere',
    ]);
  });
});

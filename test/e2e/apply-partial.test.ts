// `edgedevice apply` compares only the fields a record carries (cli.md, "The first hour"): a file of
// `serialNumber,location` updates locations; a record for a device not stored yet needs what add needs. Over
// a served twin (through a counting proxy, to see what is sent) and on the embedded default (the twin read by
// its indexes), with the real bin/ccp.js.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import { type CliTarget, isolatedEnv, spawnCcp, startCliTarget, tempDir } from '../helpers/cli.js';
import { type CountingProxy, countingProxy } from './apply-helpers.js';

describe('apply with partial records against a service', () => {
  let t: CliTarget;
  let proxy: CountingProxy;
  let env: NodeJS.ProcessEnv;
  const APPLY = ['edgedevice', 'apply', '--org', ORG.root, '--user', USER.admin];
  const file = (name: string, content: string) => {
    const path = join(t.dir, name);
    writeFileSync(path, content);
    return path;
  };
  const device = async (serial: string) => {
    const res = await t.srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
    return res.body.data.find(
      (d: { orgUUID: string; serialNumber: string }) => d.orgUUID === ORG.root && d.serialNumber === serial,
    );
  };

  beforeAll(async () => {
    t = await startCliTarget();
    proxy = await countingProxy(t.srv.url);
    env = { ...t.env, CCP_BASE_URL: proxy.url };
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('a serialNumber,location file plans location changes only (-o json --dry-run), and sends nothing', async () => {
    const before = await device('SN-1002');
    proxy.reset();
    const upd = file('upd.csv', 'serialNumber,location\nSN-1002,Bay 12\nSN-1003,Bay 13\n');
    const r = await spawnCcp([...APPLY, '-f', upd, '--dry-run', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.create).toEqual([]);
    expect(plan.update.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(['SN-1002', 'SN-1003']);
    expect(plan.update[0]).toEqual({
      uuid: DEVICE.gateway2,
      serialNumber: 'SN-1002',
      changes: { location: { from: before.location ?? null, to: 'Bay 12' } },
    });
    expect(proxy.writes()).toEqual([]);
  });

  it('applying it changes the locations and keeps every other field', async () => {
    const before = await device('SN-1002');
    const upd = file('upd.csv', 'serialNumber,location\nSN-1002,Bay 12\n');
    const r = await spawnCcp([...APPLY, '-f', upd, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const after = await device('SN-1002');
    expect(after.location).toBe('Bay 12');
    expect(after.edgeDeviceName).toBe(before.edgeDeviceName);
    expect(after.ipAdress).toBe(before.ipAdress);
    proxy.reset();
    const again = await spawnCcp([...APPLY, '-f', upd, '-o', 'json'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(proxy.writes()).toEqual([]);
  });

  it('a record matched by uuid alone needs no serial number', async () => {
    const upd = file('by-uuid.csv', `uuid,location\n${DEVICE.sensorHub},Bay 3\n`);
    const r = await spawnCcp([...APPLY, '-f', upd, '--dry-run', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).update[0]).toMatchObject({
      uuid: DEVICE.sensorHub,
      serialNumber: 'SN-1003',
      changes: { location: { to: 'Bay 3' } },
    });
  });

  it('a new serial number without a name: exit 2 naming the line and the field; nothing sent', async () => {
    proxy.reset();
    const upd = file('new.csv', 'serialNumber,location\nSN-1002,Bay 14\nSN-NEW-1,Bay 15\n');
    const r = await spawnCcp([...APPLY, '-f', upd], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${upd}:3: edgeDeviceName: required`);
    expect(r.stderr).toContain('serialNumber SN-NEW-1 is not in the organization');
    expect(r.stderr).not.toMatch(/:2: /);
    expect(proxy.writes()).toEqual([]);
  });
});

describe('apply with partial records on the embedded default', () => {
  let tmp: { dir: string; remove: () => Promise<void> };
  let env: NodeJS.ProcessEnv;
  let one: { uuid: string; serialNumber: string; orgUUID: string; edgeDeviceName: string };
  beforeAll(async () => {
    tmp = await tempDir('ccp-apply-partial-');
    env = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: 'UTC' });
    const r = await spawnCcp(['edgedevice', 'list', '--limit', '1'], { env });
    expect(r.code, r.stderr).toBe(0);
    [one] = JSON.parse(r.stdout);
  });
  afterAll(async () => {
    await tmp?.remove();
  });

  it('plans and applies a serialNumber,location file; a new device without a name is refused', async () => {
    const upd = join(tmp.dir, 'upd.csv');
    writeFileSync(upd, `serialNumber,location\n${one.serialNumber},Hall 7\n`);
    const args = ['edgedevice', 'apply', '--org', one.orgUUID, '--user', one.orgUUID, '-f', upd];
    const plan = await spawnCcp([...args, '--dry-run', '-o', 'json'], { env });
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout).update).toEqual([
      expect.objectContaining({
        uuid: one.uuid,
        changes: { location: expect.objectContaining({ to: 'Hall 7' }) },
      }),
    ]);
    const applied = await spawnCcp([...args, '-o', 'json'], { env });
    expect(applied.code, applied.stderr).toBe(0);
    const got = await spawnCcp(['edgedevice', 'get', one.serialNumber, '-o', 'ndjson'], { env });
    expect(JSON.parse(got.stdout)).toMatchObject({ location: 'Hall 7', edgeDeviceName: one.edgeDeviceName });

    writeFileSync(upd, 'serialNumber,location\nSN-NOT-STORED,Hall 8\n');
    const refused = await spawnCcp(args, { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${upd}:2: edgeDeviceName: required`);
  });
});

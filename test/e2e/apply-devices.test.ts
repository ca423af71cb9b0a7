// `ccp edgedevice apply` over the real server and the real binary; a counting proxy in front of the server
// shows what each run sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import { type CliTarget, spawnCcp, startCliTarget } from '../helpers/cli.js';
import { type CountingProxy, countingProxy, onTerminal } from './apply-helpers.js';

let t: CliTarget;
let proxy: CountingProxy;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  t = await startCliTarget();
  proxy = await countingProxy(t.srv.url);
  env = { ...t.env, CCP_BASE_URL: proxy.url };
});
afterEach(async () => {
  await proxy.close();
  await t.close();
});

const APPLY = ['edgedevice', 'apply', '--org', ORG.root, '--user', USER.admin];

function file(name: string, content: unknown): string {
  const path = join(t.dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

async function rootDevices(): Promise<Record<string, Record<string, unknown>>> {
  const res = await t.srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
  const devices = res.body.data.filter((d: { orgUUID: string }) => d.orgUUID === ORG.root);
  return Object.fromEntries(devices.map((d: { serialNumber: string }) => [d.serialNumber, d]));
}

// gateway2 changes its IP, sensorHub is as stored, SN-9001 is new.
const DESIRED = [
  { edgeDeviceName: 'Gateway Pune 2', serialNumber: 'SN-1002', ipAdress: '10.20.0.2' },
  { edgeDeviceName: 'Sensor hub', serialNumber: 'SN-1003' },
  { edgeDeviceName: 'Press line 9', serialNumber: 'SN-9001', ipAdress: '10.20.0.9', port: 1880 },
];

describe('edgedevice apply: the plan', () => {
  it('-o json --dry-run: creates, updates with old and new values, unchanged count; nothing sent', async () => {
    const before = await rootDevices();
    const r = await spawnCcp([...APPLY, '-f', file('d.json', DESIRED), '--dry-run', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      create: [DESIRED[2]],
      update: [
        {
          uuid: DEVICE.gateway2,
          serialNumber: 'SN-1002',
          changes: { ipAdress: { from: before['SN-1002']!.ipAdress, to: '10.20.0.2' } },
        },
      ],
      unchanged: 1,
      disable: [],
    });
    expect(r.stderr).toContain('Plan for edge devices: 1 to create, 1 to update, 1 unchanged, 0 to disable.');
    expect(proxy.writes()).toEqual([]);
    expect(proxy.seen.every((s) => s.path.startsWith('/edgedevice/all/'))).toBe(true);
    expect(await rootDevices()).toEqual(before);
  });

  it('-o table: one row per change, the uuid whole, from YAML with flag-free field names', async () => {
    const yaml = DESIRED.map(
      (d) =>
        `- ${Object.entries(d)
          .map(([k, v]) => `${k}: "${v}"`)
          .join('\n  ')}`,
    )
      .join('\n')
      .replace('port: "1880"', 'port: 1880');
    const r = await spawnCcp([...APPLY, '-f', file('d.yaml', yaml), '--dry-run', '-o', 'table'], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n');
    expect(rows.find((l) => l.includes('SN-1002'))).toMatch(/update .*SN-1002.*ipAdress .*10\.20\.0\.2/);
    expect(rows.find((l) => l.includes('SN-9001'))).toMatch(/create .*SN-9001.*Press line 9/);
    expect(r.stdout).not.toContain('SN-1003');
    expect(proxy.writes()).toEqual([]);
  });

  it('a serial number repeated in the file is a usage error naming both lines; nothing is read or sent', async () => {
    const csv = 'serialNumber,edgeDeviceName\nSN-1,a\nSN-2,b\nSN-1,c\n';
    const path = file('d.csv', csv);
    const r = await spawnCcp([...APPLY, '-f', path], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:4: serialNumber SN-1 repeats line 2`);
    expect(proxy.seen).toEqual([]);
  });

  it('reads the same CSV headers as add (flag names), and refuses an unknown column naming it', async () => {
    const csv = 'name,serial,ip,port,location\nGateway Pune 2,SN-1002,10.20.0.2,,\n';
    const r = await spawnCcp([...APPLY, '-f', file('flags.csv', csv), '--dry-run', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).update[0].changes).toEqual({
      ipAdress: { from: expect.any(String), to: '10.20.0.2' },
    });
    const bad = await spawnCcp(
      [...APPLY, '-f', file('bad.csv', 'serialNumber,edgeDeviceName,ipAddress\nSN-1,a,1.2.3.4\n')],
      { env },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ipAddress');
    expect(bad.stderr).toContain('ipAdress');
    expect(proxy.writes()).toEqual([]);
  });

  it('a uuid of another organization is refused before anything is sent', async () => {
    const r = await spawnCcp(
      [
        ...APPLY,
        '-f',
        file('d.json', [{ uuid: DEVICE.eastGateway, edgeDeviceName: 'x', serialNumber: 'SN-X' }]),
      ],
      { env },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`device ${DEVICE.eastGateway} belongs to organization ${ORG.sub1}`);
    expect(proxy.writes()).toEqual([]);
  });
});

describe('edgedevice apply: applying', () => {
  it('applies, keeps the fields the file does not give, and a second run sends nothing', async () => {
    const before = await rootDevices();
    const path = file('d.json', DESIRED);
    const first = await spawnCcp([...APPLY, '-f', path], { env });
    expect(first.code, first.stderr).toBe(0);
    const doc = JSON.parse(first.stdout);
    expect(doc.saved.map((d: { serialNumber: string }) => d.serialNumber).sort()).toEqual([
      'SN-1002',
      'SN-9001',
    ]);
    expect(proxy.writes().map((s) => s.path)).toEqual([`/edgedevice/org/${ORG.root}/user/${USER.admin}/add`]);

    const after = await rootDevices();
    const { ipAdress: _ip, modifiedOn: _m, userUUID: _u, ...kept } = before['SN-1002']!;
    expect(after['SN-1002']).toMatchObject({ ...kept, ipAdress: '10.20.0.2' });
    expect(after['SN-9001']).toMatchObject({ edgeDeviceName: 'Press line 9', port: 1880, isActive: true });
    expect(after['SN-1003']).toEqual(before['SN-1003']);

    proxy.reset();
    const second = await spawnCcp([...APPLY, '-f', path], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ create: [], update: [], unchanged: 3, disable: [] });
    expect(second.stderr).toContain('Nothing to do');
    expect(proxy.writes()).toEqual([]);
    expect(proxy.seen.length).toBeGreaterThan(0);
  });

  it('pushes only the flows that differ, keeps a stored password, and shows none', async () => {
    const stored = (await rootDevices())['SN-1001']!;
    const flows = stored.edgeFlows as { flowId: string; flowJSON: string; flowName: string }[];
    expect(flows.length).toBe(2);
    const [same, renamed] = flows;
    // The same JSON laid out differently is no change; a new name is.
    const relaid = JSON.stringify(JSON.parse(same!.flowJSON), null, 4);
    const desired = [
      {
        edgeDeviceName: stored.edgeDeviceName,
        serialNumber: 'SN-1001',
        edgeFlows: [
          { flowId: same!.flowId, flowJSON: relaid },
          { flowId: renamed!.flowId, flowName: 'Renamed flow' },
        ],
        externalReferences: (stored.externalReferences as object[]).map((r) => ({
          ...r,
          password: 'typed-again',
        })),
      },
    ];
    const path = file('flows.json', desired);
    const storedPassword = () => {
      const db = openSqlite(t.srv.dbPath, { readonly: true });
      try {
        return db
          .prepare('SELECT password FROM external_references WHERE device_uuid = ?')
          .get(DEVICE.gateway1);
      } finally {
        db.close();
      }
    };
    // The fixture's password, as the server keeps it: only that one is set.
    const kept = storedPassword();
    expect(kept).toEqual({ password: '********' });
    const r = await spawnCcp([...APPLY, '-f', path, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).update).toEqual([
      {
        uuid: DEVICE.gateway1,
        serialNumber: 'SN-1001',
        changes: {
          [`edgeFlows[${renamed!.flowId}].flowName`]: { from: renamed!.flowName, to: 'Renamed flow' },
        },
      },
    ]);
    expect(r.stdout + r.stderr).not.toContain('typed-again');
    expect(proxy.writes().map((s) => s.path)).toEqual(['/edgedevice/push']);
    const pushed = proxy.writes()[0]!.body.data;
    expect(pushed).toHaveLength(1);
    expect(pushed[0].edgeFlows.map((f: { flowId: string }) => f.flowId)).toEqual([renamed!.flowId]);
    // The flow's other fields were sent as stored, so they survive.
    expect(pushed[0].edgeFlows[0].flowJSON).toBe(renamed!.flowJSON);

    expect(storedPassword()).toEqual(kept);

    proxy.reset();
    const again = await spawnCcp([...APPLY, '-f', path], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(proxy.writes()).toEqual([]);
  });

  it('--disable-missing disables the devices the file does not name, and only with the flag', async () => {
    const before = await rootDevices();
    const path = file('one.json', [{ edgeDeviceName: 'Sensor hub', serialNumber: 'SN-1003' }]);
    const plain = await spawnCcp([...APPLY, '-f', path, '--dry-run'], { env });
    expect(JSON.parse(plain.stdout).disable).toEqual([]);

    const r = await spawnCcp([...APPLY, '-f', path, '--disable-missing'], { env });
    expect(r.code, r.stderr).toBe(0);
    const planned = JSON.parse(r.stdout)
      .disable.map((d: { uuid: string }) => d.uuid)
      .sort();
    expect(planned).toEqual([DEVICE.gateway1, DEVICE.gateway2, DEVICE.dockCamera].sort());
    const after = await rootDevices();
    expect(after['SN-1001']).toMatchObject({ isDisabled: true, location: expect.anything() });
    expect(after['SN-1003']).toEqual(before['SN-1003']);
    // Devices of sub-organizations are not the organization's.
    const res = await t.srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
    const east = res.body.data.find((d: { uuid: string }) => d.uuid === DEVICE.eastGateway);
    expect(east.isDisabled).toBe(false);

    proxy.reset();
    const again = await spawnCcp([...APPLY, '-f', path, '--disable-missing'], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ disable: [], unchanged: 1 });
    expect(proxy.writes()).toEqual([]);
  });
});

describe('edgedevice apply: confirmation', () => {
  it('asks on a terminal: "n" sends nothing, "y" applies', async () => {
    const path = file('d.json', DESIRED);
    const no = await onTerminal([...APPLY, '-f', path], { env, waitFor: /Apply 2 changes/, input: 'n\r' });
    expect(no.output).toMatch(/update .*SN-1002/);
    expect(no.output).toContain('Nothing was applied.');
    expect(no.code).toBe(0);
    expect(proxy.writes()).toEqual([]);

    const yes = await onTerminal([...APPLY, '-f', path], { env, waitFor: /Apply 2 changes/, input: 'y\r' });
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).toContain('Applied: 1 created, 1 updated');
    expect(proxy.writes()).toHaveLength(1);
  });

  it('--yes on a terminal applies without asking', async () => {
    const path = file('d.json', DESIRED);
    const r = await onTerminal([...APPLY, '-f', path, '--yes'], { env, input: '' });
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toContain('Apply 2 changes');
    expect(proxy.writes()).toHaveLength(1);
  });
});

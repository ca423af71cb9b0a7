import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TYPE, DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import { addAsAdmin, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The twin's lookups (cli.md, "Lookups on the twin"): on the embedded default `get` and apply's matching
// read the database by its indexes, and answer what the walk of the listing answers on the same data.

let srv: TestServer;
let tmp: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir();
});
afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

// A zone of its own, so a timestamp rendered in another zone would show.
const ZONE = 'Asia/Kolkata';
/** `ccp args` on the embedded default over the server's file, or against the server, with `token`. */
function both(args: string[], token = srv.tokens.admin) {
  const env = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: ZONE });
  return Promise.all([
    runCli(['--verbose', '--db', srv.dbPath, '--token', token, ...args], { env }),
    runCli(['--token', token, ...args], { env: { ...env, CCP_BASE_URL: srv.url } }),
  ]);
}
/** What stderr says but the --verbose trace. */
const said = (stderr: string) => stderr.replace(/^(?:> |< |\* ).*\n/gm, '');
const walked = (stderr: string) => /GET \S*\/(edgedevice\/all|codeTypes)\/\d+/.test(stderr);

describe('get on the twin', () => {
  it('prints what the walk prints, for each scope, and sends no listing request', async () => {
    const keys = ['SN-1001', DEVICE.labBench.toUpperCase(), 'SN-3001', 'LIC-0002', DEVICE.globexGateway];
    const seen = new Set<string>();
    for (const token of [srv.tokens.admin, srv.tokens.subAdmin, srv.tokens.otherAdmin]) {
      const [twin, walk] = await both(['edgedevice', 'get', ...keys, '-o', 'json'], token);
      expect(twin.code, twin.stderr).toBe(walk.code);
      expect(twin.stdout).toBe(walk.stdout);
      expect(said(twin.stderr)).toBe(walk.stderr);
      expect(walked(twin.stderr), twin.stderr).toBe(false);
      seen.add(twin.stdout);
    }
    // Each token's scope answers differently: the lookups are scoped as the listing is.
    expect(seen.size).toBe(3);
  });

  it('a serial number two organizations use answers with the first in listing order, as the walk does', async () => {
    const [twin, walk] = await both(['edgedevice', 'get', 'SN-1001', '-o', 'ndjson']);
    expect(twin.stdout).toBe(walk.stdout);
    expect(JSON.parse(twin.stdout).uuid).toBe(DEVICE.gateway1);
  });

  it('codetype get: by uuid or identifier, as the walk', async () => {
    const args = ['codetype', 'get', 'DATA_METHOD', CODE_TYPE.deviceKind.toUpperCase(), '-o', 'yaml'];
    const [twin, walk] = await both(args);
    expect(twin.code, twin.stderr).toBe(0);
    expect(twin.stdout).toBe(walk.stdout);
    expect(walked(twin.stderr), twin.stderr).toBe(false);
  });

  it('a key not found is offered the closest serial numbers, on the twin and by the walk', async () => {
    for (const r of await both(['edgedevice', 'get', 'SN-1O02', 'SN-300', 'NOTHING-LIKE-IT'])) {
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('"SN-1O02" (did you mean SN-1002?)');
      expect(r.stderr).toContain('"SN-300" (did you mean SN-3001?)');
      expect(r.stderr).toMatch(/"NOTHING-LIKE-IT"\n/);
    }
    for (const r of await both(['codetype', 'get', 'DEVICE_KIN'])) {
      expect(r.stderr).toContain('"DEVICE_KIN" (did you mean DEVICE_KIND?)');
    }
  });
});

describe("apply's matching on the twin", () => {
  const apply = async (records: object[]) => {
    const path = join(tmp.dir, 'd.json');
    writeFileSync(path, JSON.stringify(records));
    const args = ['edgedevice', 'apply', '--org', ORG.root, '--user', USER.admin, '-f', path, '--dry-run'];
    const [twin, walk] = await both([...args, '-o', 'json']);
    expect(twin.code, twin.stderr).toBe(walk.code);
    expect(twin.stdout).toBe(walk.stdout);
    expect(said(twin.stderr)).toBe(walk.stderr);
    expect(walked(twin.stderr), twin.stderr).toBe(false);
    return twin;
  };

  it('plans what the walk plans (by serial number, by uuid, new), without walking the listing', async () => {
    const r = await apply([
      { edgeDeviceName: 'Gateway Pune 2', serialNumber: 'SN-1002', ipAdress: '10.20.0.2' },
      { edgeDeviceName: 'Sensor hub', serialNumber: 'SN-1003' },
      { uuid: DEVICE.dockCamera.toUpperCase(), edgeDeviceName: 'Dock', serialNumber: 'SN-1004' },
      { edgeDeviceName: 'Press line 9', serialNumber: 'SN-9001' },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.update.map((u: { uuid: string }) => u.uuid)).toEqual([DEVICE.gateway2, DEVICE.dockCamera]);
    expect(plan.create).toHaveLength(1);
  });

  it('finds the same conflicts: a uuid of another organization, a serial number another device holds', async () => {
    const r = await apply([
      { uuid: DEVICE.labBench, edgeDeviceName: 'Bench', serialNumber: 'SN-7777' },
      { uuid: DEVICE.dockCamera, edgeDeviceName: 'Dock', serialNumber: 'SN-1001' },
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('belongs to organization');
    expect(r.stderr).toContain('serialNumber SN-1001 is already used by device');
  });
});

describe('serial numbers compared as people read them (serialKey), on the twin and by the walk', () => {
  let stored: { uuid: string; serialNumber: string };
  beforeAll(async () => {
    const res = await srv.call('POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
      body: { data: [{ edgeDeviceName: 'Cafe', serialNumber: 'caf\u00e9-TW' }], metadata: {} },
    });
    [stored] = res.body.data;
  });

  it('get by a look-alike finds the device', async () => {
    for (const key of ['cafe\u0301-TW', 'caf\u00e9-TW\u200b', ' caf\u00e9-TW ']) {
      const [twin, walk] = await both(['edgedevice', 'get', key, '-o', 'ndjson']);
      for (const r of [twin, walk]) {
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({ uuid: stored.uuid, serialNumber: 'caf\u00e9-TW' });
      }
      expect(walked(twin.stderr), twin.stderr).toBe(false);
    }
  });

  it('apply matches a look-alike: the stored device, unchanged or updated, never a second one', async () => {
    const path = join(tmp.dir, 'look-alike.json');
    const args = [
      'edgedevice',
      'apply',
      '--org',
      ORG.root,
      '--user',
      USER.admin,
      '-f',
      path,
      '--dry-run',
      '-o',
      'json',
    ];
    writeFileSync(path, JSON.stringify([{ edgeDeviceName: 'Cafe', serialNumber: 'cafe\u0301-TW ' }]));
    for (const r of await both(args)) {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ create: [], update: [], unchanged: 1 });
    }
    writeFileSync(path, JSON.stringify([{ edgeDeviceName: 'Cafe 2', serialNumber: 'caf\u00e9-TW\u200b' }]));
    for (const r of await both(args)) {
      expect(r.code, r.stderr).toBe(0);
      const plan = JSON.parse(r.stdout);
      expect(plan.create).toEqual([]);
      expect(plan.update).toEqual([
        {
          uuid: stored.uuid,
          serialNumber: 'caf\u00e9-TW\u200b',
          changes: { edgeDeviceName: { from: 'Cafe', to: 'Cafe 2' } },
        },
      ]);
    }
  });
});

describe('add --skip-existing on the twin', () => {
  it("reads the organization's serial numbers by the twin's indexes, skipping what the walk skips", async () => {
    const path = join(tmp.dir, 'skip.csv');
    // SN-1001 and SN-1002 are the root organization's; SN-3001 another organization's (added here).
    writeFileSync(path, 'edgeDeviceName,serialNumber\na,SN-1001\nb,SN-SKIP-1\nc,SN-1002\nd,SN-3001\n');
    const args = addAsAdmin('-f', path, '--skip-existing');
    const env = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: ZONE });
    const twin = await runCli(
      ['--verbose', '--db', srv.dbPath, '--token', srv.tokens.admin, ...args, '-o', 'ndjson'],
      {
        env,
      },
    );
    expect(twin.code, twin.stderr).toBe(0);
    expect(walked(twin.stderr), twin.stderr).toBe(false);
    expect(said(twin.stderr)).toContain('Skipping 2 devices whose serial number exists.');
    expect(
      twin.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).serialNumber)
        .sort(),
    ).toEqual(['SN-3001', 'SN-SKIP-1']);
    // The walk of the listing now finds all four the organization's.
    const walk = await runCli(['--token', srv.tokens.admin, ...args], {
      env: { ...env, CCP_BASE_URL: srv.url },
    });
    expect(walk.code, walk.stderr).toBe(0);
    expect(walk.stderr).toContain('Skipping 4 devices whose serial number exists.');
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EdgeDeviceInput,
  EdgeDevicePushInput,
  Notification,
  OrganizationUpdate,
} from '../../../src/domain/index.js';
import { DEVICE, LICENSE, ORG, USER } from '../../fixtures/basic-ids.js';
import { addAsAdmin, runCli, spawnCcp } from '../../helpers/cli.js';
import { type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
});

/** Everything the write commands could change, to compare before and after. */
function snapshot() {
  return JSON.stringify([
    w.query('SELECT * FROM edge_devices ORDER BY uuid'),
    w.query('SELECT * FROM edge_flows ORDER BY uuid'),
    w.query('SELECT * FROM organizations ORDER BY uuid'),
    w.query('SELECT * FROM notifications ORDER BY uuid'),
    w.query('SELECT * FROM licenses ORDER BY uuid'),
    w.query('SELECT * FROM org_options ORDER BY uuid'),
  ]);
}

const ROLE = '70000000-0000-4000-8000-000000000001';

describe('--dry-run', () => {
  it('prints method, URL and envelope of every write and changes nothing', async () => {
    const before = snapshot();
    const flow = w.file(
      'flow.json',
      '[{"id":"tab1","type":"tab","label":"Main flow"},{"id":"n1","type":"inject","z":"tab1"}]',
    );
    const orgFile = w.file('org.json', JSON.stringify([{ uuid: ORG.sub2, orgName: 'Renamed by api' }]));
    const devices = w.file('devices.csv', 'edgeDeviceName,serialNumber\na,SN-D-1\nb,SN-D-2\nc,SN-D-3\n');
    const cases: Array<[string[], string, string]> = [
      [
        ['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin, '--name', 'x', '--serial', 'SN-D-0'],
        'POST',
        `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`,
      ],
      [['edgedevice', 'push', DEVICE.gateway1, '--flow', flow], 'POST', '/edgedevice/push'],
      [['org', 'update', ORG.root, '--name', 'Renamed', '--city', 'Nowhere'], 'PUT', '/org/update'],
      [['org', 'options', 'add', ORG.root, 'k=v'], 'POST', `/org/options/org/${ORG.root}/add`],
      [['notify', 'save', '--type', 'EMAIL', '--option', 'to=a@b.c'], 'POST', '/notification'],
      [['notify', 'configure', '--notification', ROLE, '--role', ROLE], 'POST', '/notification/configure'],
      [['report', 'download', '--template', 'licenses', '--type', 'pdf'], 'POST', '/download'],
      [['license', 'activate', LICENSE.inactive], 'PUT', `/license/${LICENSE.inactive}/activate`],
      [['license', 'deactivate', LICENSE.active], 'PUT', `/license/${LICENSE.active}/deactivate`],
      [['api', 'PUT', '/org/update', '-f', orgFile], 'PUT', '/org/update'],
    ];
    for (const [args, method, path] of cases) {
      const res = await w.ccp([...args, '--dry-run']);
      expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(0);
      const printed = JSON.parse(res.stdout);
      expect(printed.method).toBe(method);
      expect(printed.url).toBe(`${w.srv.url}${path}`);
      if (args[0] === 'license') {
        // PUT /license/{uuid}/{action} takes no body: none would be sent.
        expect(printed.envelope).toBeNull();
      } else {
        expect(Array.isArray(printed.envelope.data)).toBe(true);
        expect(printed.envelope.metadata).toMatchObject({ fileCodeUuid: '' });
      }
      expect(res.stderr).toContain('nothing sent');
    }
    // A batched add prints one request per batch.
    const batched = await w.ccp(addAsAdmin('-f', devices, '--batch-size', '2', '--dry-run'));
    expect(batched.code).toBe(0);
    const docs = batched.stdout.split(/\n(?=\{)/).map((d) => JSON.parse(d));
    expect(docs.map((d) => d.envelope.data.length)).toEqual([2, 1]);
    // The push wraps the Node-RED export, named by its first tab.
    const push = JSON.parse(
      (await w.ccp(['edgedevice', 'push', DEVICE.gateway1, '--flow', flow, '--dry-run'])).stdout,
    );
    expect(push.envelope.data[0].edgeFlows[0]).toMatchObject({ flowId: 'tab1', flowName: 'Main flow' });
    expect(JSON.parse(push.envelope.data[0].edgeFlows[0].flowJSON)).toEqual(
      JSON.parse(readFileSync(flow, 'utf8')),
    );

    // `ccp api` prints the envelope it would send, the file's records with the request metadata.
    const api = JSON.parse((await w.ccp(['api', 'PUT', '/org/update', '-f', orgFile, '--dry-run'])).stdout);
    expect(api.envelope.data).toEqual([{ uuid: ORG.sub2, orgName: 'Renamed by api' }]);
    // A GET has no envelope to show.
    const get = await w.ccp(['api', 'GET', '/codeTypes/0?pageSize=2', '--dry-run']);
    expect(get.code, get.stderr).toBe(0);
    expect(JSON.parse(get.stdout)).toEqual({
      method: 'GET',
      url: `${w.srv.url}/codeTypes/0?pageSize=2`,
      envelope: null,
    });

    expect(snapshot()).toBe(before);
  });

  it('needs no server: nothing is sent to an address where none listens', async () => {
    const res = await spawnCcp(
      [
        'org',
        'update',
        ORG.root,
        '--name',
        'X',
        '--dry-run',
        '--base-url',
        'http://127.0.0.1:9',
        '--token',
        'ccp_x',
      ],
      { env: w.env },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).url).toBe('http://127.0.0.1:9/org/update');
  });
});

describe('--skeleton', () => {
  it.each([
    [['edgedevice', 'add'], EdgeDeviceInput],
    [['edgedevice', 'push'], EdgeDevicePushInput],
    [['org', 'update'], OrganizationUpdate],
    [['notify', 'save'], Notification],
  ] as const)('%j prints an envelope whose example record passes the input schema', async (args, schema) => {
    const res = await w.ccp([...args, '--skeleton']);
    expect(res.code, res.stderr).toBe(0);
    const doc = JSON.parse(res.stdout);
    expect(doc.data).toHaveLength(1);
    expect(schema.safeParse(doc.data[0]).success).toBe(true);
  });

  it('the push skeleton holds only what a push reads: the device uuid and its flows', async () => {
    const res = await w.ccp(['edgedevice', 'push', '--skeleton']);
    expect(Object.keys(JSON.parse(res.stdout).data[0]).sort()).toEqual(['edgeFlows', 'uuid']);
  });

  it('a skeleton read back with -f is accepted', async () => {
    const skeleton = (await w.ccp(['edgedevice', 'add', '--skeleton'])).stdout;
    const file = w.file('skeleton.json', skeleton);
    const res = await w.ccp(addAsAdmin('-f', file, '--dry-run'));
    expect(res.code, res.stderr).toBe(0);
  });
});

// An argument is named as one: `missing required argument <uuid>`.
const named = (flag: string) => (flag.startsWith('<') ? `argument ${flag}` : flag);

describe('missing required values', () => {
  it.each([
    [['edgedevice', 'add', '--name', 'x', '--serial', 'y', '--user', USER.admin], '--org'],
    [['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin, '--name', 'x'], '--serial'],
    [['org', 'update', '--name', 'x'], '<orgUuid>'],
    [['notify', 'configure', '--role', ROLE], '--notification'],
    [['report', 'download', '--type', 'csv'], '--template'],
  ])('%j without a terminal: usage error naming %s, nothing sent', async (args, flag) => {
    const before = snapshot();
    const res = await w.ccp(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`missing required ${named(flag)}`);
    expect(snapshot()).toBe(before);
  });

  it.each([
    [['edgedevice', 'push'], '<device>', '-f FILE'],
    [['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin], '--name', '-f FILE'],
    [['notify', 'update'], '<uuid>', '-f FILE'],
    [['notify', 'save'], '--type', '-f FILE'],
  ])('%j without a terminal names %s and the other way, %s', async (args, flag, other) => {
    const res = await w.ccp(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`missing required ${named(flag)}`);
    expect(res.stderr).toContain(`hint: pass ${flag}, or ${other}`);
  });

  it('records come from -f or from flags and arguments, never both; options add needs one of them', async () => {
    const before = snapshot();
    const file = w.file('options.json', '[{"key":"retention.days","value":"30"}]');
    const cases: [string[], string][] = [
      [
        ['org', 'options', 'add', ORG.root, 'a=1', '-f', file],
        'give either KEY=VALUE arguments or -f FILE, not both',
      ],
      [['org', 'options', 'add', ORG.root], 'no options given\nhint: pass KEY=VALUE arguments or -f FILE'],
      [['notify', 'save', '--type', 'EMAIL', '-f', file], 'give either -f FILE or --type/--option, not both'],
    ];
    for (const [args, message] of cases) {
      const res = await w.ccp(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain(message);
    }
    expect(snapshot()).toBe(before);
  });

  it('--no-input refuses to prompt even on a terminal', async () => {
    const res = await runCli(
      ['--no-input', ...addAsAdmin('--name', 'x', '--base-url', w.srv.url, '--token', w.srv.tokens.admin)],
      { env: w.env, stdinIsTTY: true, stdoutIsTTY: true },
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('missing required --serial');
  });

  it('on a terminal, prompts for the missing value and goes on', async () => {
    const res = await runCli(
      addAsAdmin('--name', 'prompted', '-o', 'json', '--base-url', w.srv.url, '--token', w.srv.tokens.admin),
      { env: w.env, stdinIsTTY: true, stdoutIsTTY: true, answers: ['SN-PROMPTED'] },
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.asked).toEqual(['Serial number']);
    expect(JSON.parse(res.stdout)[0]).toMatchObject({
      edgeDeviceName: 'prompted',
      serialNumber: 'SN-PROMPTED',
    });
  });
});

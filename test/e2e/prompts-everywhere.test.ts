// Every verb that takes a uuid argument asks for it on a terminal when it is missing, and fails naming it
// without one; a device argument takes a serial number as `get` does; partial updates need only the uuid
// (cli.md "People at a terminal"). On a pseudo-terminal, against a real server over the basic fixture.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, LICENSE, NOTIFICATION, ORG } from '../fixtures/basic-ids.js';
import { type CliTarget, spawnCcp, startCliTarget } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let t: CliTarget;
let flow: string;

beforeAll(async () => {
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC' } });
  flow = join(t.dir, 'flow.json');
  writeFileSync(flow, JSON.stringify([{ id: 'tab-serial', type: 'tab', label: 'By serial' }]));
});
afterAll(() => t.close());

// The verb, its arguments but the missing one, the argument's name and the prompt's words.
const VERBS: Array<[string[], string, RegExp]> = [
  [['license', 'activate'], '<key|uuid>', /License key or uuid/],
  [['license', 'deactivate'], '<key|uuid>', /License key or uuid/],
  [['code', 'get'], '<codeUuid>', /Code uuid/],
  [['org', 'list'], '<orgUuid>', /Parent organization uuid/],
  [['org', 'get'], '<parentOrgUuid>', /Parent organization uuid/],
  [['org', 'update', '--name', 'X'], '<orgUuid>', /Organization uuid/],
  [['org', 'options', 'add', 'a=b'], '<orgUuid>', /Organization uuid/],
  [['notify', 'update', '--active'], '<uuid>', /Notification uuid/],
  [['edgedevice', 'push', '--flow', 'f.json'], '<device>', /Device uuid or serial number/],
  [['edgedevice', 'get'], '<uuid|serial...>', /Device uuid or serial number/],
  [['codetype', 'get'], '<uuid|codeTypeIdentifier...>', /Code type uuid or identifier/],
];

describe('a missing uuid argument', () => {
  it.each(VERBS)('%j asks for %s on a terminal', async (args, _name, prompt) => {
    const pty = runInPty(args, t.env);
    await pty.waitFor(prompt);
    pty.type('\x03');
    expect((await pty.exited).code, pty.text()).toBe(130);
  });

  it.each(VERBS)('%j with --no-input: exit 2 naming %s', async (args, name) => {
    const pty = runInPty([...args, '--no-input'], t.env);
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(2);
    expect(pty.text()).toContain(`missing required argument ${name}`);
  });

  it('the answer typed is used: license activate runs on it', async () => {
    const pty = runInPty(['license', 'activate', '-o', 'json', '--no-pager'], t.env);
    await pty.waitFor(/License key or uuid/);
    // The licenses are offered to pick; a whole uuid typed is taken once the list has narrowed to it.
    pty.type(LICENSE.expired);
    await pty.waitFor(new RegExp(`❯ ${LICENSE.expired}`));
    pty.type('\r');
    // Its term has ended: a terminal asks before activating it.
    await pty.waitFor(/anyway\?/);
    pty.type('y\r');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    expect(pty.text()).toContain(LICENSE.expired);
  });
});

describe('a device argument takes a serial number', () => {
  it('edgedevice push SN-1001 --flow f.json pushes to that device', async () => {
    const r = await spawnCcp(['edgedevice', 'push', 'SN-1001', '--flow', flow, '-o', 'json'], { env: t.env });
    expect(r.code, r.stderr).toBe(0);
    const [saved] = JSON.parse(r.stdout) as Array<{ uuid: string; edgeFlows: Array<{ flowId: string }> }>;
    expect(saved!.uuid).toBe(DEVICE.gateway1);
    expect(saved!.edgeFlows.map((f) => f.flowId)).toContain('tab-serial');
  });

  it('a serial that reads the same (spaces around, a zero-width space) names the same device', async () => {
    const r = await spawnCcp(['edgedevice', 'push', ' SN-1001\u200b ', '--flow', flow, '-o', 'json'], {
      env: t.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0].uuid).toBe(DEVICE.gateway1);
  });

  it('an unknown serial: exit 4 naming it, nothing sent', async () => {
    const r = await spawnCcp(['edgedevice', 'push', 'NO-SUCH-SERIAL', '--flow', flow], { env: t.env });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('NO-SUCH-SERIAL');
  });
});

describe('partial updates need only the uuid', () => {
  it('notify update <uuid> --inactive --no-input changes isActive only; org update <uuid> --name only the name', async () => {
    const r = await spawnCcp(
      ['notify', 'update', NOTIFICATION.email, '--inactive', '--no-input', '-o', 'json'],
      {
        env: t.env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const [saved] = JSON.parse(r.stdout) as Array<{
      type: string;
      isActive: boolean;
      notificationOptions: Array<{ attributeName: string }>;
    }>;
    expect(saved!.isActive).toBe(false);
    expect(saved!.type).toBe('EMAIL');
    expect(saved!.notificationOptions.map((o) => o.attributeName)).toContain('smtpHost');
    // org update, the other partial update, the same way.
    const org = await spawnCcp(['org', 'update', ORG.sub2, '--name', 'Renamed', '--no-input', '-o', 'json'], {
      env: t.env,
    });
    expect(org.code, org.stderr).toBe(0);
    expect(JSON.parse(org.stdout)[0].orgName).toBe('Renamed');
  });
});

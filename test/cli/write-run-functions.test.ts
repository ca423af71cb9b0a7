// Each write verb's run function (apply's included) over a test IO and the real server: the options object in, the saved
// records on stdout whole, the summary on stderr, and the errors naming what was acted on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { ApiError, NotFoundError } from '../../src/api/request-errors.js';
import { runEdgeDeviceAdd } from '../../src/commands/edgedevice/add.js';
import { runEdgeDevicePush } from '../../src/commands/edgedevice/push.js';
import { runLicenseActivate } from '../../src/commands/license/activate.js';
import { runLicenseDeactivate } from '../../src/commands/license/deactivate.js';
import { runNotifyConfigure } from '../../src/commands/notify/configure.js';
import { runNotifySave } from '../../src/commands/notify/save.js';
import { runNotifyUpdate } from '../../src/commands/notify/update.js';
import { runOrgOptionsAdd } from '../../src/commands/org/options/add.js';
import { runOrgUpdate } from '../../src/commands/org/update.js';
import { runEdgeDeviceApply } from '../../src/kit/apply/devices.js';
import { runOrgOptionsApply } from '../../src/kit/apply/options.js';
import type { OutputSpec } from '../../src/kit/printing.js';
import { scriptedPrompter } from '../../src/kit/prompter.js';
import type { WriteDeps } from '../../src/kit/write/send.js';
import { DEVICE, LICENSE, NOTIFICATION, ORG, UNKNOWN_UUID, USER } from '../fixtures/basic-ids.js';
import { type ServerWithClient, startServerWithClient } from '../helpers/api-client.js';
import { testIO } from '../helpers/test-io.js';

let target: ServerWithClient;
let client: ApiClient;

beforeAll(async () => {
  target = await startServerWithClient();
  ({ client } = target);
});

afterAll(() => target.close());

const json: OutputSpec = { format: 'json', color: false, isTTY: false, width: 120, now: () => Date.now() };
const ROLE = '70000000-0000-4000-8000-000000000001';

function deps(): WriteDeps & { io: ReturnType<typeof testIO> } {
  return { io: testIO(), api: async () => client };
}

const settle = () => new Promise((r) => setImmediate(r));

async function printed(d: ReturnType<typeof deps>): Promise<Record<string, unknown>[]> {
  await settle();
  return JSON.parse(d.io.out());
}

describe('write run functions', () => {
  it('runOrgUpdate prints the saved organization whole and a summary on stderr', async () => {
    const d = deps();
    const saved = await runOrgUpdate(
      { output: json, records: [{ uuid: ORG.sub2, orgName: 'Acme West' }] },
      d,
    );
    expect(saved[0]).toMatchObject({ uuid: ORG.sub2, orgName: 'Acme West' });
    const [org] = await printed(d);
    expect(org).toMatchObject({ uuid: ORG.sub2, orgName: 'Acme West' });
    expect(org).toHaveProperty('createdOn');
    expect(d.io.err()).toContain('Updated 1 organization.');
  });

  it('runOrgUpdate names the organization in a service error', async () => {
    const err = await runOrgUpdate(
      { output: json, records: [{ uuid: UNKNOWN_UUID, orgName: 'x' }] },
      deps(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toContain(UNKNOWN_UUID);
  });

  it('runNotifySave, runNotifyUpdate and runNotifyConfigure send and print what was saved', async () => {
    const save = deps();
    const [created] = await runNotifySave(
      {
        output: json,
        records: [{ type: 'EMAIL', notificationOptions: [{ attributeName: 'a', attributeValue: '1' }] }],
      },
      save,
    );
    expect(created?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await printed(save))[0]).toMatchObject({ type: 'EMAIL' });
    expect(save.io.err()).toContain('Saved 1 notification.');

    const update = deps();
    await runNotifyUpdate(
      { output: json, records: [{ uuid: NOTIFICATION.sms, type: 'SMS', notificationOptions: [] }] },
      update,
    );
    expect((await printed(update))[0]).toMatchObject({ uuid: NOTIFICATION.sms, type: 'SMS' });

    const configure = deps();
    const record = { notificationUuid: NOTIFICATION.email, roleUuid: ROLE, applyToSubOrganizaitons: false };
    await runNotifyConfigure({ output: json, record }, configure);
    expect((await printed(configure))[0]).toMatchObject({
      notificationUuid: NOTIFICATION.email,
      roleUuid: ROLE,
    });
  });

  it('runOrgOptionsAdd upserts the options by key', async () => {
    const d = deps();
    const records = [{ key: 'retention.days', value: '30' }];
    await runOrgOptionsAdd({ output: json, orgUuid: ORG.root, records }, d);
    expect((await printed(d)).map((o) => o.key)).toContain('retention.days');
    expect(d.io.err()).toContain(`of organization ${ORG.root}`);
  });

  it('runEdgeDeviceAdd prints whole saved records (port, createdOn) and the summary on stderr', async () => {
    const d = deps();
    const records = [{ line: 0, record: { edgeDeviceName: 'pump-9', serialNumber: 'SN-RUN-1', port: 1880 } }];
    const base = { output: json, orgUuid: ORG.root, userUuid: USER.admin, batchSize: 100 };
    await runEdgeDeviceAdd({ ...base, records, skipExisting: false, continueOnError: false }, d);
    const [device] = await printed(d);
    expect(device).toMatchObject({ serialNumber: 'SN-RUN-1', port: 1880 });
    expect(device).toHaveProperty('createdOn');
    expect(d.io.err()).toMatch(/Saved 1 edge device in 1 batch/);

    // The same serial again: the service refuses it, and the error names the serial.
    const again = await runEdgeDeviceAdd(
      { ...base, records, skipExisting: false, continueOnError: false },
      deps(),
    ).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).message).toContain('SN-RUN-1');
  });

  it('runEdgeDevicePush pushes a flow and prints the device', async () => {
    const d = deps();
    const edgeFlows = [{ flowId: 'run-1', flowName: 'Run', flowJSON: '{"nodes":[]}' }];
    await runEdgeDevicePush({ output: json, records: [{ uuid: DEVICE.gateway2, edgeFlows }] }, d);
    const [device] = await printed(d);
    expect(device?.uuid).toBe(DEVICE.gateway2);
    // The flow (id and name) and the device (serial number and name) are named, not counted.
    expect(d.io.err()).toContain('Pushed flow run-1 (Run) to device SN-1002 (Gateway Pune 2).');
  });

  it('runLicenseActivate and runLicenseDeactivate print the license record; an unknown one is named', async () => {
    const licenseDeps = () => ({
      ...deps(),
      prompter: scriptedPrompter([]),
      now: () => Date.now(),
      twin: async () => undefined,
    });
    const off = licenseDeps();
    await runLicenseDeactivate({ output: json, key: LICENSE.active, yes: true }, off);
    expect((await printed(off))[0]).toMatchObject({ uuid: LICENSE.active });
    const on = licenseDeps();
    await runLicenseActivate({ output: json, key: LICENSE.active, yes: true }, on);
    expect((await printed(on))[0]).toMatchObject({ uuid: LICENSE.active });
    const err = await runLicenseDeactivate(
      { output: json, key: UNKNOWN_UUID, yes: true },
      licenseDeps(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toContain(`license ${UNKNOWN_UUID}`);
  });
});

describe('apply run functions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-apply-run-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function file(name: string, records: object[]): string {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(records));
    return path;
  }

  const applyDeps = () => ({
    ...deps(),
    prompter: scriptedPrompter([]),
    output: json,
    dryRun: false,
    yes: true,
  });

  it('runOrgOptionsApply sets every key of the file and prints the plan with what was saved', async () => {
    const d = applyDeps();
    const path = file('options.json', [
      { key: 'apply.run.a', value: '1' },
      { key: 'apply.run.b', value: '2' },
    ]);
    await runOrgOptionsApply({ ...d, orgUuid: ORG.root, file: path });
    await settle();
    const doc = JSON.parse(d.io.out()) as { saved: { key: string; value: string }[] };
    expect(doc.saved.map((o) => [o.key, o.value])).toEqual([
      ['apply.run.a', '1'],
      ['apply.run.b', '2'],
    ]);
    expect(d.io.err()).toContain('Plan for organization options: 2 to set');
  });

  it('runEdgeDeviceApply creates the device the file adds, then finds it unchanged', async () => {
    const device = { edgeDeviceName: 'Apply run', serialNumber: 'SN-APPLY-RUN-1', port: 1880 };
    const path = file('devices.json', [device]);
    const opts = {
      orgUuid: ORG.root,
      userUuid: USER.admin,
      file: path,
      disableMissing: false,
      batchSize: 100,
    };
    const first = applyDeps();
    await runEdgeDeviceApply({ ...first, ...opts });
    await settle();
    const created = JSON.parse(first.io.out()) as { create: object[]; saved: Record<string, unknown>[] };
    expect(created.create).toEqual([device]);
    expect(created.saved[0]).toMatchObject({ ...device, uuid: expect.any(String) });
    const again = applyDeps();
    await runEdgeDeviceApply({ ...again, ...opts });
    await settle();
    expect(JSON.parse(again.io.out())).toMatchObject({ create: [], update: [], disable: [] });
  });
});

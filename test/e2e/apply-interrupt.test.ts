// Ctrl-C in the middle of `ccp edgedevice apply`: an account of what was saved, the batch whose outcome is
// unknown, and the command that resumes; running it ends with the file's state.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { type CliTarget, spawnCcp, startCliTarget } from '../helpers/cli.js';
import { type CountingProxy, countingProxy, spawnCcpHandle } from './apply-helpers.js';

let t: CliTarget;
let proxy: CountingProxy;

beforeAll(async () => {
  t = await startCliTarget();
  proxy = await countingProxy(t.srv.url);
});
afterAll(async () => {
  await proxy.close();
  await t.close();
});

it('Ctrl-C mid-apply reports saved, outcome-unknown and not-sent batches; the same command resumes', async () => {
  const env = { ...t.env, CCP_BASE_URL: proxy.url };
  const rows = Array.from(
    { length: 200 },
    (_, i) => `SN-C${String(i).padStart(3, '0')},cut ${i},10.7.${i >> 8}.${i & 255}`,
  );
  const path = join(t.dir, 'many.csv');
  writeFileSync(path, `serialNumber,edgeDeviceName,ipAdress\n${rows.join('\n')}\n`);
  const args = [
    'edgedevice',
    'apply',
    '--org',
    ORG.root,
    '--user',
    USER.admin,
    '-f',
    path,
    '--batch-size',
    '10',
  ];

  const run = spawnCcpHandle(args, { env });
  let adds = 0;
  proxy.onRequest = async (seen) => {
    if (seen.method !== 'POST' || ++adds !== 3) return;
    // The third batch is on its way: interrupt, and answer it only after the command has stopped waiting.
    run.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 400));
  };
  const cut = await run.done;
  proxy.onRequest = undefined;
  expect(cut.code, cut.stderr).toBe(130);
  expect(cut.stderr).toContain('Stopped after 2 of 20 batches.');
  expect(cut.stderr).toMatch(/saved: +20 \(lines 2-21\)/);
  expect(cut.stderr).toMatch(/outcome unknown: 10 \(lines 22-31\)/);
  expect(cut.stderr).toMatch(/not sent: +170 \(lines 32-201\)/);
  expect(cut.stderr).toContain(`ccp edgedevice apply --org ${ORG.root} --user ${USER.admin} -f ${path}`);
  expect(cut.stderr.trimEnd().endsWith('Cancelled.')).toBe(true);

  // The held batch reaches the server only after its 400 ms: resume once it is saved, else a fast start
  // would plan it again.
  const saved = async () => {
    const r = await t.srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
    return r.body.data.filter((d: { serialNumber: string }) => d.serialNumber.startsWith('SN-C')).length;
  };
  for (let i = 0; i < 100 && (await saved()) < 30; i++) await new Promise((r) => setTimeout(r, 50));
  const resumed = await spawnCcp(args, { env });
  expect(resumed.code, resumed.stderr).toBe(0);
  // The batch whose answer never came was saved: the re-run plans only the rest.
  expect(JSON.parse(resumed.stdout).create).toHaveLength(170);

  const res = await t.srv.call('GET', '/edgedevice/all/0?pageSize=1000', { timeZone: 'UTC' });
  const cutDevices = res.body.data.filter((d: { serialNumber: string }) => d.serialNumber.startsWith('SN-C'));
  expect(cutDevices).toHaveLength(200);
  for (const d of cutDevices) {
    const i = Number(d.serialNumber.slice(4));
    expect(d).toMatchObject({
      orgUUID: ORG.root,
      edgeDeviceName: `cut ${i}`,
      ipAdress: `10.7.${i >> 8}.${i & 255}`,
    });
  }
  const final = await spawnCcp(args, { env });
  expect(JSON.parse(final.stdout)).toMatchObject({ create: [], update: [], unchanged: 200 });
});

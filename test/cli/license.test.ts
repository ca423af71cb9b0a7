import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseSummary } from '../../src/commands/license/run.js';
import { LICENSE } from '../fixtures/basic-ids.js';
import { type CliTarget, runCli, startCliTarget } from '../helpers/cli.js';
import type { TestServer } from '../helpers/server.js';

let target: CliTarget;
let srv: TestServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  target = await startCliTarget({ role: 'admin' });
  ({ srv, env } = target);
});

afterAll(async () => {
  await target?.close();
});

describe('ccp license activate|deactivate', () => {
  it('deactivate returns the record as JSON with the license inactive', async () => {
    const r = await runCli(['license', 'deactivate', LICENSE.active, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const [rec] = JSON.parse(r.stdout);
    expect(rec.uuid).toBe(LICENSE.active);
    expect(rec.licenseDetails.license.status).toBe('INACTIVE');
    expect(rec.licenseDetails.license.active).toBe(false);
  });

  it('activate on a terminal prints the record, and a readable summary on stderr', async () => {
    const r = await runCli(['license', 'activate', LICENSE.active], { env, stdoutIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(LICENSE.active);
    expect(r.stderr).toContain(`Activated license ${LICENSE.active}`);
    expect(r.stderr).toMatch(/Status:\s+ACTIVE/);
    expect(r.stderr).toMatch(/Active:\s+yes/);
    expect(r.stderr).toMatch(/Days left:\s+\d+ \(until \d{4}-\d\d-\d\d \d\d:\d\d\)/);
    expect(r.stderr).toMatch(/Devices:\s+1 of 10 \[██░{18}\]/);
    expect(r.stderr).not.toContain('Warning');
    // the server agrees
    const again = await runCli(['license', 'activate', LICENSE.active, '-o', 'ndjson'], { env });
    expect(JSON.parse(again.stdout).licenseDetails.license.status).toBe('ACTIVE');
  });

  it('an unknown license is exit 4 with the service code', async () => {
    const r = await runCli(['license', 'activate', '11111111-1111-4111-8111-111111111111'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^ccp: NOT_FOUND /);
  });

  it('a viewer may not deactivate: exit 3', async () => {
    const r = await runCli(['license', 'deactivate', LICENSE.active, '--token', srv.tokens.viewer], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/FORBIDDEN/);
  });

  it('the summary shows dashes for what the service did not send', () => {
    const text = licenseSummary({ uuid: 'u' }, 'deactivate');
    expect(text).toContain('Deactivated license u');
    expect(text).toMatch(/Status:\s+-/);
    expect(text).toMatch(/Devices:\s+- of -/);
  });

  it('warns when more devices are provisioned than the total, with a full bar', () => {
    const text = licenseSummary(
      { uuid: 'u', licenseDetails: { provisioned: 111, total: 50, remainingDays: 3 } },
      'activate',
    );
    expect(text).toMatch(/Devices:\s+111 of 50 \[█{20}\]/);
    expect(text).toContain('Warning: 111 devices provisioned, 61 over the license');
  });

  it('says when nothing changed: deactivating an inactive license', async () => {
    const first = await runCli(['license', 'deactivate', LICENSE.active, '--yes'], {
      env,
      stdoutIsTTY: true,
    });
    expect(first.code, first.stderr).toBe(0);
    // Decided from the state the lookup read, not from timestamps against the Date header: no wait needed.
    const again = await runCli(['license', 'deactivate', LICENSE.active, '--yes'], {
      env,
      stdoutIsTTY: true,
    });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`License ${LICENSE.active} is already inactive: nothing was sent.`);
    expect(again.stderr).not.toContain('Deactivated');
    const json = await runCli(['license', 'deactivate', LICENSE.active, '--json'], { env });
    expect(json.stderr).toContain('already inactive');
    expect(JSON.parse(json.stdout)[0].uuid).toBe(LICENSE.active);
    const back = await runCli(['license', 'activate', LICENSE.active], { env, stdoutIsTTY: true });
    expect(back.stderr).toContain(`Activated license ${LICENSE.active}`);
  });

  it('deactivate asks on a terminal unless --yes, and never without one', async () => {
    const tty = { env, stdoutIsTTY: true, stdinIsTTY: true };
    const no = await runCli(['license', 'deactivate', LICENSE.active], { ...tty, answers: [false] });
    expect(no.code).toBe(0);
    expect(no.asked).toHaveLength(1);
    expect(no.stdout).toBe('');
    expect(no.stderr).toContain('Not deactivated');
    const yes = await runCli(['license', 'deactivate', LICENSE.active, '--yes'], tty);
    expect(yes.asked).toHaveLength(0);
    expect(yes.stdout).toContain('INACTIVE');
    const script = await runCli(['license', 'deactivate', LICENSE.active, '--json'], { env });
    expect(script.asked).toHaveLength(0);
    expect(script.code).toBe(0);
    await runCli(['license', 'activate', LICENSE.active], { env });
  });
});

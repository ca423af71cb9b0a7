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

  it('activate on a terminal prints a readable summary', async () => {
    const r = await runCli(['license', 'activate', LICENSE.active], { env, stdoutIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Activated license ${LICENSE.active}`);
    expect(r.stdout).toMatch(/Status:\s+ACTIVE/);
    expect(r.stdout).toMatch(/Active:\s+yes/);
    expect(r.stdout).toMatch(/Days remaining:\s+\d+/);
    expect(r.stdout).toMatch(/Devices:\s+1 of 10 provisioned/);
    // the server agrees
    const again = await runCli(['license', 'activate', LICENSE.active, '-o', 'ndjson'], { env });
    expect(JSON.parse(again.stdout).licenseDetails.license.status).toBe('ACTIVE');
  });

  it('an unknown license is exit 4 with the service code', async () => {
    const r = await runCli(['license', 'activate', '11111111-1111-4111-8111-111111111111'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^ccp: NOT_FOUND /);
  });

  it('a viewer may not activate: exit 3', async () => {
    const r = await runCli(['license', 'activate', LICENSE.active, '--token', srv.tokens.viewer], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/FORBIDDEN/);
  });

  it('the summary shows dashes for what the service did not send', () => {
    const text = licenseSummary({ uuid: 'u' }, 'deactivate');
    expect(text).toContain('Deactivated license u');
    expect(text).toMatch(/Status:\s+-/);
    expect(text).toMatch(/Devices:\s+- of - provisioned/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, CODE_TYPE } from '../fixtures/basic-ids.js';
import { type CliTarget, runCli, startCliTarget } from '../helpers/cli.js';

let target: CliTarget;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  target = await startCliTarget({ role: 'viewer' });
  ({ env } = target);
});

afterAll(async () => {
  await target?.close();
});

describe('ccp code get', () => {
  it('prints the code with its code type', async () => {
    const r = await runCli(['code', 'get', CODE.gateway], { env });
    expect(r.code, r.stderr).toBe(0);
    const [code] = JSON.parse(r.stdout);
    expect(code.uuid).toBe(CODE.gateway);
    expect(code.codeType.uuid).toBe(CODE_TYPE.deviceKind);
  });

  it('an unknown code is the service error CCP-CS-001 (HTTP 200): not found, exit 4, code and reason on stderr', async () => {
    const r = await runCli(['code', 'get', '11111111-1111-4111-8111-111111111111'], { env });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('ccp: CCP-CS-001 Error while fetching Code');
  });

  it('with -o json the error is also one JSON object on stderr', async () => {
    const r = await runCli(['code', 'get', '11111111-1111-4111-8111-111111111111', '-o', 'json'], { env });
    expect(r.code).toBe(4);
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(JSON.parse(last)).toEqual({
      code: 'CCP-CS-001',
      reason: 'Error while fetching Code: code 11111111-1111-4111-8111-111111111111',
      httpStatus: 200,
      exitCode: 4,
    });
  });

  it('a malformed uuid is a usage error (exit 2) and sends nothing', async () => {
    const r = await runCli(['code', 'get', 'not-a-uuid'], {
      env: { ...env, CCP_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/uuid/);
  });

  it('prints the table form on a terminal', async () => {
    const r = await runCli(['code', 'get', CODE.sensor, '--fields', 'uuid,codeIdentifier'], {
      env,
      stdoutIsTTY: true,
      width: 200,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Code identifier');
    expect(r.stdout).toContain(CODE.sensor);
  });
});

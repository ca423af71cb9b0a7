import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TYPE, ORG, ROOT_CHILDREN } from '../fixtures/basic-ids.js';
import { type CliTarget, ndjson, runCli, startCliTarget } from '../helpers/cli.js';

let target: CliTarget;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  target = await startCliTarget({ role: 'admin' });
  ({ env } = target);
});

afterAll(async () => {
  await target?.close();
});

describe('ccp codetype list', () => {
  it('lists code types with their codes', async () => {
    const r = await runCli(['codetype', 'list', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    const types = ndjson(r.stdout);
    expect(types.map((t) => t.uuid).sort()).toEqual([CODE_TYPE.deviceKind, CODE_TYPE.dataMethod].sort());
    expect(Array.isArray(types[0]!.codes)).toBe(true);
  });

  it('says "No code types found." for an empty table', async () => {
    const r = await runCli(['codetype', 'list', '--page', '9'], { env, stdoutIsTTY: true });
    expect(r.stderr).toContain('No code types found.');
  });
});

describe('ccp org list', () => {
  it('lists the direct sub-organizations', async () => {
    const r = await runCli(['org', 'list', ORG.root, '--fields', 'uuid,orgName', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const orgs = JSON.parse(r.stdout);
    expect(orgs.map((o: { uuid: string }) => o.uuid).sort()).toEqual([...ROOT_CHILDREN].sort());
    expect(Object.keys(orgs[0])).toEqual(['uuid', 'orgName']);
  });

  it('an unknown organization is CCP-HTTP-017 (HTTP 200): not found, exit 4', async () => {
    const r = await runCli(['org', 'list', '11111111-1111-4111-8111-111111111111'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('CCP-HTTP-017');
  });

  it('an organization outside the token scope is exit 3', async () => {
    const r = await runCli(['org', 'list', ORG.other], { env });
    expect(r.code).toBe(3);
  });
});

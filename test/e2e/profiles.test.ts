// Which target, token, time zone and format a command uses: flag, then environment, then profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER } from '../fixtures/basic-ids.js';
import { type CliResult, isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

const ccp = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
  spawnCcp(args, { env: { ...env, ...extraEnv } });

async function ok(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const r = await ccp(args, extraEnv);
  expect(r.code, `ccp ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

/** The caller's user, as GET echoes it in metadata: tells which token was sent. */
async function caller(args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await ok([...args, 'api', 'GET', '/codeTypes/0?pageSize=1'], extraEnv);
  return JSON.parse(r.stdout).metadata.userUuid;
}

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir('ccp-e2e-');
  env = isolatedEnv(tmp.dir);
  await ok(['config', 'set', 'base-url', srv.url]);
  await ok(['config', 'set', 'token', srv.tokens.viewer]);
  await ok(['config', 'set', 'time-zone', 'Asia/Kolkata']);
  await ok(['config', 'set', '--profile', 'ops', 'base-url', srv.url]);
  await ok(['config', 'set', '--profile', 'ops', 'token', srv.tokens.operator]);
}, 60_000);

afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

describe('precedence: flag > env > profile', () => {
  it('token: the profile, then CCP_TOKEN over it, then --token over both', async () => {
    expect(await caller()).toBe(USER.viewer);
    expect(await caller([], { CCP_TOKEN: srv.tokens.operator })).toBe(USER.operator);
    expect(await caller(['--token', srv.tokens.admin], { CCP_TOKEN: srv.tokens.operator })).toBe(USER.admin);
  });

  it('profile: --profile over CCP_PROFILE over the current one', async () => {
    expect(await caller(['--profile', 'ops'])).toBe(USER.operator);
    expect(await caller([], { CCP_PROFILE: 'ops' })).toBe(USER.operator);
    expect(await caller(['--profile', 'default'], { CCP_PROFILE: 'ops' })).toBe(USER.viewer);
  });

  it('base URL: CCP_BASE_URL over the profile, --base-url over the environment', async () => {
    const dead = 'http://127.0.0.1:1';
    const envWins = await ccp(['codetype', 'list', '--timeout', '2s'], { CCP_BASE_URL: dead });
    expect(envWins.code).toBe(5);
    await ok(['--base-url', srv.url, 'codetype', 'list'], { CCP_BASE_URL: dead });
  });

  it('time zone: the profile, then CCP_TIME_ZONE, then --time-zone', async () => {
    const stamp = async (args: string[], e: NodeJS.ProcessEnv = {}) =>
      JSON.parse(
        (await ok([...args, 'codetype', 'list', '--limit', '1', '--fields', 'createdOn', '--json'], e))
          .stdout,
      )[0].createdOn as string;
    expect(await stamp([])).toMatch(/\+0530$/);
    expect(await stamp([], { CCP_TIME_ZONE: 'UTC' })).toMatch(/\+0000$/);
    expect(await stamp(['--time-zone', 'Asia/Tokyo'], { CCP_TIME_ZONE: 'UTC' })).toMatch(/\+0900$/);
  });

  it('output: a profile format is used unless -o or --json says otherwise', async () => {
    await ok(['config', 'set', '--profile', 'ops', 'output', 'ndjson']);
    const profileFormat = await ok(['--profile', 'ops', 'codetype', 'list', '--fields', 'uuid']);
    expect(profileFormat.stdout.trim().split('\n')).toHaveLength(2);
    expect(profileFormat.stdout.startsWith('{')).toBe(true);
    const flagFormat = await ok(['--profile', 'ops', 'codetype', 'list', '--fields', 'uuid', '--json']);
    expect(Array.isArray(JSON.parse(flagFormat.stdout))).toBe(true);
    // errors follow the profile's machine format too
    const failed = await ccp(['--profile', 'ops', 'code', 'get', '11111111-1111-4111-8111-111111111111']);
    expect(failed.code).toBe(4);
    expect(JSON.parse(failed.stderr.trim().split('\n').at(-1)!)).toMatchObject({
      code: 'CCP-CS-001',
      exitCode: 4,
    });
    const asTable = await ccp([
      '--profile',
      'ops',
      '-o',
      'table',
      'code',
      'get',
      '11111111-1111-4111-8111-111111111111',
    ]);
    expect(asTable.stderr.trim().split('\n')).toEqual([
      'ccp: CCP-CS-001 Error while fetching Code: code 11111111-1111-4111-8111-111111111111 (HTTP 200)',
    ]);
  });

  it('an unknown profile is a usage error naming it', async () => {
    const r = await ccp(['--profile', 'nope', 'codetype', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"nope"');
  });
});

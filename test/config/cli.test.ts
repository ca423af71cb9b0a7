import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_KEYS } from '../../src/config/keys.js';
import { isolatedEnv, runCli, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The config verbs and the precedence they set up, through the real main() and a real server.
let srv: TestServer;
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir('ccp-config-cli-');
});
afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

const notTTY = { stdoutIsTTY: false, stdinIsTTY: false, stderrIsTTY: false };

describe('ccp config through main()', () => {
  it('a profile supplies the base URL and token; the environment and then a flag override them', async () => {
    const env = isolatedEnv(join(tmp.dir, 'a'));
    const cli = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
      runCli(args, { ...notTTY, env: { ...env, ...extra } });

    expect((await cli(['config', 'set', 'base-url', srv.url])).code).toBe(0);
    const set = await cli(['config', 'set', 'token', srv.tokens.admin]);
    expect(set.code).toBe(0);
    expect(set.stderr).not.toContain(srv.tokens.admin);

    const listed = await cli(['codetype', 'list', '-o', 'json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);

    // CCP_TOKEN beats the profile's token...
    const denied = await cli(['codetype', 'list', '-o', 'json'], {
      CCP_TOKEN: 'ccp_not-a-real-token-at-all',
    });
    expect(denied.code).toBe(3);
    // ...and --token beats CCP_TOKEN.
    const flagged = await cli(['--token', srv.tokens.admin, 'codetype', 'list', '-o', 'json'], {
      CCP_TOKEN: 'ccp_not-a-real-token-at-all',
    });
    expect(flagged.code).toBe(0);

    const list = await cli(['config', 'list', '--json'], { CCP_TOKEN: 'ccp_not-a-real-token-at-all' });
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(srv.tokens.admin);
    const rows = JSON.parse(list.stdout) as { key: string; value: string; source: string }[];
    expect(rows.find((r) => r.key === 'token')).toMatchObject({
      value: 'ccp_…-all',
      source: 'env CCP_TOKEN',
    });
    expect(rows.find((r) => r.key === 'base-url')).toMatchObject({ value: srv.url, source: 'profile' });
  });

  it('exits 2 on a bad value or key, from the command line or the environment', async () => {
    const env = isolatedEnv(join(tmp.dir, 'b'));
    const badSet = await runCli(['config', 'set', 'time-zone', 'Mars/Base'], { ...notTTY, env });
    expect(badSet.code).toBe(2);
    expect(badSet.stderr).toMatch(/time-zone "Mars\/Base"/);
    expect((await runCli(['config', 'get', 'colour'], { ...notTTY, env })).code).toBe(2);
    const badEnv = await runCli(['codetype', 'list'], { ...notTTY, env: { ...env, CCP_OUTPUT: 'xml' } });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toMatch(/output "xml" from CCP_OUTPUT/);
    const missing = await runCli(['--profile', 'nowhere', 'codetype', 'list'], { ...notTTY, env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/profile "nowhere"/);
  });
});

describe('ccp config list output', () => {
  it('is JSON in a pipe, a table on a terminal, and the profile names stay one a line', async () => {
    const env = isolatedEnv(join(tmp.dir, 'd'));
    expect((await runCli(['config', 'set', 'base-url', srv.url], { ...notTTY, env })).code).toBe(0);
    const piped = await spawnCcp(['config', 'list'], { env });
    expect(piped.code, piped.stderr).toBe(0);
    const rows = JSON.parse(piped.stdout) as { key: string; value: string | null }[];
    expect(rows.find((r) => r.key === 'base-url')?.value).toBe(srv.url);

    const onTerminal = await runCli(['config', 'list'], { env, stdoutIsTTY: true });
    expect(onTerminal.stdout).toMatch(/│ Key\s+│ Value\s+│ Source\s+│\n/);
    const names = await runCli(['config', 'list', '-o', 'name'], { ...notTTY, env });
    expect(names.stdout).toBe(`${PROFILE_KEYS.join('\n')}\n`);

    const csv = await runCli(['config', 'list'], { ...notTTY, env: { ...env, CCP_OUTPUT: 'csv' } });
    expect(csv.stdout).toMatch(/^profile,key,value,source\n/);

    const profiles = await spawnCcp(['config', 'list', '--profiles'], { env });
    expect(profiles.stdout).toBe('default\n');
  });
});

describe('bin/ccp.js', () => {
  it('switches profiles and keeps the config file at mode 0600', async () => {
    const env = isolatedEnv(join(tmp.dir, 'c'));
    expect((await spawnCcp(['--profile', 'staging', 'config', 'set', 'output', 'csv'], { env })).code).toBe(
      0,
    );
    expect((await spawnCcp(['config', 'use', 'staging'], { env })).code).toBe(0);
    const got = await spawnCcp(['config', 'get', 'output'], { env });
    expect(got).toMatchObject({ code: 0, stdout: 'csv\n' });
    const file = join(tmp.dir, 'c', 'config', 'ccp', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const back = await spawnCcp(['config', 'use', 'default'], { env });
    expect(back.code).toBe(0);
    expect((await spawnCcp(['config', 'get', 'output'], { env })).stdout).toBe('');
  });
});

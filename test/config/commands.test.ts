import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configGroup } from '../../src/commands/config/index.js';
import { runConfigList } from '../../src/commands/config/list.js';
import { runConfigSet } from '../../src/commands/config/set.js';
import { ConfigError, ConfigFile } from '../../src/config/index.js';
import { PROFILE_KEYS } from '../../src/config/keys.js';
import type { Factory } from '../../src/kit/factory.js';
import { fillAllVerbs } from '../../src/kit/verbs.js';
import { tempEnv } from './helpers.js';

const TOKEN = 'ccp_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => {
    text += c.toString();
  });
  return { stream, text: () => text };
}

let t: ReturnType<typeof tempEnv>;
beforeEach(() => {
  t = tempEnv();
});
afterEach(() => t.cleanup());

/** A root with the global flags of the real program, so the verbs' flag lookups are exercised. */
async function run(argv: string[], env = t.env, stdoutIsTTY = false): Promise<{ out: string; err: string }> {
  const out = capture();
  const err = capture();
  const program = new Command('ccp')
    .option('--profile <name>')
    .option('-o, --output <format>')
    .option('--json')
    .option('--token <token>')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.stream.write(s), writeErr: (s) => err.stream.write(s) });
  // The config verbs use the factory's streams and environment alone.
  const f = { io: { env, stdout: out.stream, stderr: err.stream, stdoutIsTTY } } as unknown as Factory;
  fillAllVerbs(configGroup.register(program, f));
  await program.parseAsync(argv, { from: 'user' });
  return { out: out.text(), err: err.text() };
}

describe('ccp config set / get / unset', () => {
  it('stores a value and reads it back', async () => {
    const set = await run(['config', 'set', 'time-zone', 'Asia/Kolkata']);
    expect(set.out).toBe('');
    expect(set.err).toBe('Set time-zone to Asia/Kolkata in profile default\n');
    expect((await run(['config', 'get', 'time-zone'])).out).toBe('Asia/Kolkata\n');
    await run(['config', 'unset', 'time-zone']);
    const store = await ConfigFile.open(t.env);
    expect(store.get('default', 'time-zone')).toBeUndefined();
  });

  it('acts on the profile named by the global --profile, creating it on set', async () => {
    await run(['--profile', 'staging', 'config', 'set', 'output', 'yaml']);
    await run(['config', 'set', 'output', 'csv']);
    expect((await run(['--profile', 'staging', 'config', 'get', 'output'])).out).toBe('yaml\n');
    expect((await run(['config', 'get', 'output'])).out).toBe('csv\n');
    // The option is recognised after the subcommand too.
    expect((await run(['config', 'get', 'output', '--profile', 'staging'])).out).toBe('yaml\n');
  });

  it('shows the environment value get would use, and masks tokens unless --reveal', async () => {
    const set = await run(['config', 'set', 'token', TOKEN]);
    // A secret as an argument still works, with a word about shell history.
    // No session bus in tests (vitest.config.ts): the file keeps the token, and a line says so.
    const file = join(t.env.CCP_CONFIG_DIR!, 'config.json');
    expect(set.err.split('\n')).toEqual([
      "warning: a token given as an argument lands in shell history; next time run `ccp config set token` (it asks without echo) or pass '-' and stdin",
      expect.stringMatching(
        /^the Secret Service did not answer \(.+\): the secret is kept in .+ \(mode 0600\) instead$/,
      ),
      `Set token to ccp_…${TOKEN.slice(-4)} in profile default (kept in ${file})`,
      '',
    ]);
    expect((await run(['config', 'get', 'token'])).out).toBe(`ccp_…${TOKEN.slice(-4)}\n`);
    expect((await run(['config', 'get', 'token', '--reveal'])).out).toBe(`${TOKEN}\n`);
    const env = { ...t.env, CCP_OUTPUT: 'ndjson' };
    expect((await run(['config', 'get', 'output'], env)).out).toBe('ndjson\n');
  });

  it("reads the value from stdin when it is '-'", async () => {
    const out = capture();
    const err = capture();
    const { Readable } = await import('node:stream');
    const stdin = Readable.from([`${TOKEN}\n`]);
    await runConfigSet(
      { key: 'token', value: '-' },
      { io: { env: t.env, stdout: out.stream, stderr: err.stream, stdin } },
    );
    const store = await ConfigFile.open(t.env);
    expect(store.get('default', 'token')).toBe(TOKEN);
    expect(err.text()).not.toContain(TOKEN);
  });

  it('prints nothing on stdout for a key that has no value', async () => {
    const r = await run(['config', 'get', 'base-url']);
    expect(r.out).toBe('');
    expect(r.err).toBe('base-url is not set in profile default\n');
  });

  it('rejects unknown keys and bad values without touching the file', async () => {
    await expect(run(['config', 'set', 'colour', 'red'])).rejects.toThrow(/unknown config key "colour"/);
    await expect(run(['config', 'set', 'org', 'not-a-uuid'])).rejects.toBeInstanceOf(ConfigError);
    await expect(run(['config', 'set', 'base-url', 'ftp://x'])).rejects.toThrow(/expected an http/);
    const store = await ConfigFile.open(t.env);
    expect(store.profile('default')).toEqual({});
  });

  it('unset reports a key that was not set', async () => {
    expect((await run(['config', 'unset', 'org'])).err).toBe('org was not set in profile default\n');
  });
});

describe('ccp config use', () => {
  it('switches the current profile, which the other verbs then act on', async () => {
    await run(['--profile', 'prod', 'config', 'set', 'base-url', 'https://prod.example.com/']);
    expect((await run(['config', 'use', 'prod'])).err).toBe('Current profile is now prod\n');
    expect((await run(['config', 'get', 'base-url'])).out).toBe('https://prod.example.com\n');
    await run(['config', 'set', 'output', 'json']);
    const store = await ConfigFile.open(t.env);
    expect(store.profile('prod')).toEqual({ 'base-url': 'https://prod.example.com', output: 'json' });
    expect(store.profile('default')).toEqual({});
    // CCP_PROFILE still overrides the current profile.
    expect((await run(['config', 'get', 'base-url'], { ...t.env, CCP_PROFILE: 'default' })).out).toBe('');
  });

  it('refuses a profile that does not exist', async () => {
    await expect(run(['config', 'use', 'ghost'])).rejects.toThrow(/profile "ghost" does not exist/);
  });
});

describe('ccp config list', () => {
  it('lists every key with its value and source, the token masked', async () => {
    await run(['config', 'set', 'token', TOKEN]);
    await run(['config', 'set', 'org', '11111111-2222-4333-8444-555555555555']);
    const env = { ...t.env, CCP_BASE_URL: 'http://127.0.0.1:9999' };
    const { out, err } = await run(['config', 'list'], env, true);
    expect(out).not.toContain(TOKEN);
    expect(err).toContain('profile default');
    // The table every command draws: worded headers, one row a key, empty where nothing is set.
    const cells = out
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('│'))
      .map((l) =>
        l
          .slice(1, -1)
          .split('│')
          .map((c) => c.trim()),
      );
    expect(cells).toEqual([
      ['Key', 'Value', 'Source'],
      ['base-url', 'http://127.0.0.1:9999', 'env CCP_BASE_URL'],
      ['token', `ccp_…${TOKEN.slice(-4)}`, 'profile'],
      ['org', '11111111-2222-4333-8444-555555555555', 'profile'],
      ['user', '', ''],
      ['time-zone', Intl.DateTimeFormat().resolvedOptions().timeZone, 'default (system)'],
      ['output', '', ''],
      ['timeout', '30s', 'default'],
      ['timestamps', 'service', 'default'],
      ['parallel', '4', 'default'],
      ['auth-scheme', 'bearer', 'default'],
      ['headers', '', ''],
      ['token-command', '', ''],
      ['ca-file', '', ''],
      ['client-cert', '', ''],
      ['client-key', '', ''],
      ['insecure', '', ''],
      ['csv-raw', '', ''],
      ['db', '', ''],
    ]);
  });

  it('prints JSON records with --json, never the whole token', async () => {
    await run(['--profile', 'ci', 'config', 'set', 'token', TOKEN]);
    const { out } = await run(['--profile', 'ci', 'config', 'list', '--json']);
    expect(out).not.toContain(TOKEN);
    const rows = JSON.parse(out);
    expect(rows).toHaveLength(PROFILE_KEYS.length);
    expect(rows[1]).toEqual({
      profile: 'ci',
      key: 'token',
      value: `ccp_…${TOKEN.slice(-4)}`,
      source: 'profile',
    });
    expect(rows[0]).toEqual({ profile: 'ci', key: 'base-url', value: null, source: null });
  });

  it('honours -o ndjson from the root', async () => {
    const { out } = await run(['-o', 'ndjson', 'config', 'list']);
    const rows = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.key)).toEqual(PROFILE_KEYS);
  });

  it('prints csv and yaml with -o', async () => {
    await run(['config', 'set', 'output', 'yaml']);
    const csv = (await run(['-o', 'csv', 'config', 'list'])).out.trimEnd().split('\n');
    expect(csv[0]).toBe('profile,key,value,source');
    expect(csv).toContain('default,output,yaml,profile');
    expect(csv).toContain('default,base-url,,');
    const { parse } = await import('yaml');
    const rows = parse((await run(['-o', 'yaml', 'config', 'list'])).out);
    expect(rows[5]).toEqual({ profile: 'default', key: 'output', value: 'yaml', source: 'profile' });
  });

  it('lists profile names with --profiles, one a line or as records', async () => {
    await run(['--profile', 'staging', 'config', 'set', 'output', 'csv']);
    await run(['config', 'use', 'staging']);
    expect((await run(['config', 'list', '--profiles'])).out).toBe('default\nstaging\n');
    expect(JSON.parse((await run(['config', 'list', '--profiles', '--json'])).out)).toEqual([
      { name: 'default', current: false },
      { name: 'staging', current: true },
    ]);
  });

  it('run functions can be called directly and keep the file 0600', async () => {
    const out = capture();
    const err = capture();
    const deps = { io: { env: t.env, stdout: out.stream, stderr: err.stream } };
    await runConfigSet({ key: 'timeout', value: '5s', profile: 'x' }, deps);
    await runConfigList({ profile: 'x', format: 'json' }, deps);
    expect(JSON.parse(out.text()).find((r: { key: string }) => r.key === 'timeout')).toMatchObject({
      value: '5s',
      source: 'profile',
    });
    const store = await ConfigFile.open(t.env);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });
});

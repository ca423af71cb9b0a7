import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  ConfigFile,
  defaultDbPath,
  type GlobalFlags,
  type ResolvedConfig,
  resolveConfig,
  systemTimeZone,
} from '../../src/config/index.js';
import { tempEnv } from './helpers.js';

const ORG_A = '11111111-1111-4111-8111-111111111111';
const ORG_B = '22222222-2222-4222-8222-222222222222';
const ORG_C = '33333333-3333-4333-8333-333333333333';

let t: ReturnType<typeof tempEnv>;
beforeEach(() => {
  t = tempEnv();
});
afterEach(() => t.cleanup());

interface Row {
  key: string;
  flag: keyof GlobalFlags;
  env: string;
  values: [string, string, string];
  read: (c: ResolvedConfig) => unknown;
  expected?: [unknown, unknown, unknown];
  fallback: unknown;
}

const MATRIX: Row[] = [
  {
    key: 'base-url',
    flag: 'baseUrl',
    env: 'CCP_BASE_URL',
    values: ['http://flag.test', 'https://env.test', 'https://profile.test/'],
    expected: ['http://flag.test', 'https://env.test', 'https://profile.test'],
    read: (c) => c.baseUrl,
    fallback: undefined,
  },
  {
    key: 'token',
    flag: 'token',
    env: 'CCP_TOKEN',
    values: ['ccp_flagflagflagflag', 'ccp_envenvenvenvenv', 'ccp_profileprofile'],
    read: (c) => c.token,
    fallback: undefined,
  },
  {
    key: 'org',
    flag: 'org',
    env: 'CCP_ORG',
    values: [ORG_A, ORG_B, ORG_C],
    read: (c) => c.org,
    fallback: undefined,
  },
  {
    key: 'user',
    flag: 'user',
    env: 'CCP_USER',
    values: [ORG_C, ORG_A, ORG_B],
    read: (c) => c.user,
    fallback: undefined,
  },
  {
    key: 'time-zone',
    flag: 'timeZone',
    env: 'CCP_TIME_ZONE',
    values: ['Asia/Kolkata', 'America/New_York', 'Europe/Paris'],
    read: (c) => c.timeZone,
    fallback: systemTimeZone(),
  },
  {
    key: 'output',
    flag: 'output',
    env: 'CCP_OUTPUT',
    values: ['csv', 'ndjson', 'yaml'],
    read: (c) => c.output,
    fallback: undefined,
  },
  {
    key: 'timeout',
    flag: 'timeout',
    env: 'CCP_TIMEOUT',
    values: ['500ms', '2s', '45'],
    expected: [500, 2000, 45000],
    read: (c) => c.timeoutMs,
    fallback: 30_000,
  },
  {
    key: 'timestamps',
    flag: 'timestamps',
    env: 'CCP_TIMESTAMPS',
    values: ['iso', 'service', 'iso'],
    read: (c) => c.timestamps,
    fallback: 'service',
  },
  {
    key: 'parallel',
    flag: 'parallel',
    env: 'CCP_PARALLEL',
    values: ['8', '1', '32'],
    expected: [8, 1, 32],
    read: (c) => c.parallel,
    fallback: 4,
  },
  {
    key: 'csv-raw',
    flag: 'csvRaw',
    env: 'CCP_CSV_RAW',
    values: ['true', 'false', 'TRUE'],
    expected: [true, false, true],
    read: (c) => c.csvRaw,
    fallback: false,
  },
];

describe('precedence flag > env > profile > default', () => {
  for (const row of MATRIX) {
    it(`resolves ${row.key} from each source in turn`, async () => {
      const [flagValue, envValue, profileValue] = row.values;
      const expected = row.expected ?? row.values;
      const flags: GlobalFlags = { [row.flag]: flagValue };
      const env = { ...t.env, [row.env]: envValue };

      expect(row.read(await resolveConfig({}, t.env))).toEqual(row.fallback);

      const store = await ConfigFile.open(t.env);
      store.set('default', row.key as never, profileValue);
      expect(row.read(await resolveConfig({}, t.env))).toEqual(expected[2]);
      expect(row.read(await resolveConfig({}, env))).toEqual(expected[1]);
      expect(row.read(await resolveConfig(flags, env))).toEqual(expected[0]);
      // A flag wins over the profile even with no variable set.
      expect(row.read(await resolveConfig(flags, t.env))).toEqual(expected[0]);
    });
  }

  it('treats an empty environment variable as unset', async () => {
    const store = await ConfigFile.open(t.env);
    store.set('default', 'output', 'yaml');
    const config = await resolveConfig({}, { ...t.env, CCP_OUTPUT: '' });
    expect(config.output).toBe('yaml');
  });

  it('takes the database from --db, then CCP_DB, then the XDG data directory', async () => {
    expect((await resolveConfig({}, t.env)).db).toBe(join(t.dir, '.local', 'share', 'ccp', 'ccp.db'));
    const xdg = { ...t.env, XDG_DATA_HOME: join(t.dir, 'data') };
    expect((await resolveConfig({}, xdg)).db).toBe(join(t.dir, 'data', 'ccp', 'ccp.db'));
    expect(defaultDbPath(xdg)).toBe(join(t.dir, 'data', 'ccp', 'ccp.db'));
    const env = { ...xdg, CCP_DB: join(t.dir, 'env.db') };
    expect((await resolveConfig({}, env)).db).toBe(join(t.dir, 'env.db'));
    expect((await resolveConfig({ db: join(t.dir, 'flag.db') }, env)).db).toBe(join(t.dir, 'flag.db'));
  });

  it('gives the defaults on a fresh machine', async () => {
    const config = await resolveConfig({}, t.env);
    expect(config).toEqual({
      profile: 'default',
      timeZone: systemTimeZone(),
      db: join(t.dir, '.local', 'share', 'ccp', 'ccp.db'),
      timeout: '30s',
      timeoutMs: 30_000,
      timestamps: 'service',
      parallel: 4,
      authScheme: { kind: 'bearer' },
      headers: [],
      insecure: false,
      csvRaw: false,
      origins: {
        'time-zone': 'system',
        timeout: 'default',
        timestamps: 'default',
        parallel: 'default',
        'auth-scheme': 'default',
      },
    });
  });
});

describe('profiles', () => {
  it('reads the profile named by --profile, then CCP_PROFILE, then the current profile', async () => {
    const store = await ConfigFile.open(t.env);
    store.set('default', 'org', ORG_A);
    store.set('staging', 'org', ORG_B);
    store.set('prod', 'org', ORG_C);

    expect(await resolveConfig({}, t.env)).toMatchObject({ profile: 'default', org: ORG_A });
    store.useProfile('staging');
    expect(await resolveConfig({}, t.env)).toMatchObject({ profile: 'staging', org: ORG_B });
    const env = { ...t.env, CCP_PROFILE: 'prod' };
    expect(await resolveConfig({}, env)).toMatchObject({ profile: 'prod', org: ORG_C });
    expect(await resolveConfig({ profile: 'default' }, env)).toMatchObject({
      profile: 'default',
      org: ORG_A,
    });
  });

  it('keeps the keys of one profile out of another', async () => {
    const store = await ConfigFile.open(t.env);
    store.set('staging', 'base-url', 'https://staging.test');
    expect((await resolveConfig({}, t.env)).baseUrl).toBeUndefined();
    expect((await resolveConfig({ profile: 'staging' }, t.env)).baseUrl).toBe('https://staging.test');
  });

  it('rejects a profile that does not exist, and `use` of one', async () => {
    await expect(resolveConfig({ profile: 'nope' }, t.env)).rejects.toThrow(/profile "nope".*does not exist/);
    await expect(resolveConfig({}, { ...t.env, CCP_PROFILE: 'nope' })).rejects.toThrow(/CCP_PROFILE/);
    const store = await ConfigFile.open(t.env);
    expect(() => store.useProfile('nope')).toThrow(ConfigError);
    expect(store.currentProfile()).toBe('default');
  });

  it('keeps a profile after its last key is unset', async () => {
    const store = await ConfigFile.open(t.env);
    store.set('lab', 'output', 'json');
    expect(store.unset('lab', 'output')).toBe(true);
    expect(store.unset('lab', 'output')).toBe(false);
    expect(store.hasProfile('lab')).toBe(true);
    expect(store.profileNames()).toEqual(['default', 'lab']);
  });
});

describe('validation', () => {
  const BAD: [string, keyof GlobalFlags, string, RegExp][] = [
    ['base-url', 'baseUrl', 'ftp://x.test', /base-url "ftp:\/\/x.test" from --base-url: expected an http/],
    ['base-url', 'baseUrl', 'not a url', /base-url/],
    ['org', 'org', '1234', /org "1234" from --org: expected a uuid/],
    ['user', 'user', 'abc', /user "abc"/],
    ['time-zone', 'timeZone', 'Mars/Olympus', /time-zone "Mars\/Olympus".*IANA/],
    ['output', 'output', 'xml', /output "xml".*table\|json\|ndjson\|csv\|yaml/],
    ['timeout', 'timeout', 'soon', /timeout "soon"/],
    ['timeout', 'timeout', '0s', /timeout "0s"/],
    ['timeout', 'timeout', '-5', /timeout "-5"/],
    ['timestamps', 'timestamps', 'epoch', /timestamps "epoch".*service\|iso/],
    ['parallel', 'parallel', '0', /parallel "0".*1 to 32/],
    ['parallel', 'parallel', '33', /parallel "33"/],
    ['parallel', 'parallel', '2.5', /parallel "2.5"/],
  ];
  for (const [key, flag, value, message] of BAD) {
    it(`rejects ${key} = ${JSON.stringify(value)} from a flag, the environment and the store`, async () => {
      await expect(resolveConfig({ [flag]: value }, t.env)).rejects.toThrow(message);
      await expect(resolveConfig({ [flag]: value }, t.env)).rejects.toBeInstanceOf(ConfigError);
      const store = await ConfigFile.open(t.env);
      expect(() => store.set('default', key as never, value)).toThrow(ConfigError);
    });
  }

  it('names the environment variable that holds a bad value', async () => {
    await expect(resolveConfig({}, { ...t.env, CCP_TIMEOUT: 'later' })).rejects.toThrow(/from CCP_TIMEOUT/);
  });

  it('never echoes a bad token', async () => {
    const err = await resolveConfig({ token: 'ccp_secret value' }, t.env).catch((e: Error) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/invalid token from --token/);
    expect((err as Error).message).not.toContain('secret');
  });

  it('rejects unknown keys and bad profile names', async () => {
    const { assertProfileKey, assertProfileName } = await import('../../src/config/index.js');
    expect(() => assertProfileKey('colour')).toThrow(
      /unknown config key "colour"; valid keys: base-url, token/,
    );
    expect(() => assertProfileName('../etc')).toThrow(ConfigError);
    const store = await ConfigFile.open(t.env);
    expect(() => store.set('a b', 'output', 'json')).toThrow(/invalid profile name/);
  });

  it('reports a hand-edited file that is not valid', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(t.env.CCP_CONFIG_DIR!, { recursive: true });
    writeFileSync(join(t.env.CCP_CONFIG_DIR!, 'config.json'), '{"profiles": {"default": {"org": 5}}}');
    await expect(resolveConfig({}, t.env)).rejects.toThrow(
      /config file .* is invalid at profiles.default.org/,
    );
    writeFileSync(join(t.env.CCP_CONFIG_DIR!, 'config.json'), '{ not json');
    await expect(resolveConfig({}, t.env)).rejects.toThrow(ConfigError);
  });

  it('checks values stored by hand when resolving', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(t.env.CCP_CONFIG_DIR!, { recursive: true });
    writeFileSync(join(t.env.CCP_CONFIG_DIR!, 'config.json'), '{"profiles": {"default": {"output": "xml"}}}');
    await expect(resolveConfig({}, t.env)).rejects.toThrow(
      /output "xml" from profile default in .*config.json/,
    );
  });
});

describe('connection keys', () => {
  it('parses auth schemes and header lines, and masks secret headers where shown', async () => {
    const { parseAuthScheme, parseHeaders, shownValue, validateValue } = await import(
      '../../src/config/keys.js'
    );
    expect(parseAuthScheme('bearer')).toEqual({ kind: 'bearer' });
    expect(parseAuthScheme('Basic')).toEqual({ kind: 'basic' });
    expect(parseAuthScheme('header:X-Api-Key')).toEqual({ kind: 'header', name: 'X-Api-Key' });
    expect(parseAuthScheme('header:bad name')).toBeUndefined();
    expect(parseHeaders('X-Tenant: acme\nX-Api-Key: k3y')).toEqual([
      ['X-Tenant', 'acme'],
      ['X-Api-Key', 'k3y'],
    ]);
    expect(parseHeaders('no colon here')).toBeUndefined();
    expect(shownValue('headers', 'X-Tenant: acme\nX-Api-Key: k3y-0123456789abcdef')).toBe(
      'X-Tenant: acme\nX-Api-Key: …cdef',
    );
    expect(() => validateValue('headers', 'X-Api-Key k3y-secret', 'the command line')).toThrow(
      /^invalid headers from the command line/,
    );
    expect(() => validateValue('insecure', 'yes', '--insecure')).toThrow(/expected true or false/);
  });
});

describe('--db beside a base URL', () => {
  it('runs on the embedded default over that database, without the service token', async () => {
    const store = await ConfigFile.open(t.env);
    store.set('default', 'base-url', 'https://profile.test');
    store.set('default', 'token', 'ccp_profileprofile');
    store.set('default', 'org', ORG_A);
    const env = { ...t.env, CCP_BASE_URL: 'https://env.test' };
    const c = await resolveConfig({ db: join(t.dir, 'copy.db') }, env);
    expect(c.baseUrl).toBeUndefined();
    expect(c.token).toBeUndefined();
    expect(c.org).toBe(ORG_A);
    expect(c.db).toBe(join(t.dir, 'copy.db'));
    expect((await resolveConfig({}, env)).baseUrl).toBe('https://env.test');
  });

  it('is a usage error beside a --base-url flag', async () => {
    await expect(
      resolveConfig({ db: join(t.dir, 'x.db'), baseUrl: 'https://flag.test' }, t.env),
    ).rejects.toThrow(ConfigError);
  });
});

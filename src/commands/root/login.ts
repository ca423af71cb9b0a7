// `ccp login`, as `gh auth login`: asks (or takes flags and stdin), checks with one small request, then
// saves the profile. The secret never needs argv: it is typed without echo, or read from stdin; it is kept
// in the system's credential store (src/kit/keyring.ts), or in the 0600 config file where none answers.
import type { TlsOptions } from '../../api/client.js';
import type { ProfileKey } from '../../config/keys.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/errors.js';
import type { Factory } from '../../kit/factory.js';

export interface LoginOptions {
  profile?: string;
  baseUrl?: string;
  authScheme?: string;
  /** For basic: the user; the secret is then the password. */
  username?: string;
  headers?: string[];
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  insecure?: boolean;
  org?: string;
  user?: string;
  timeZone?: string;
  /** Read the secret from stdin (without a terminal, the only way to give it). */
  withToken: boolean;
  /** Save even when the check fails. */
  force: boolean;
  /** Keep the secret in the config file, not the credential store (as `gh auth login --insecure-storage`). */
  insecureStorage: boolean;
}

type Values = Partial<Record<ProfileKey, string>>;

const SCHEMES = ['bearer token', 'a named header (such as X-Api-Key)', 'basic (user and password)'] as const;

/** What a person answers on a terminal, each question defaulting to what the flags or the profile say. */
async function ask(
  f: Factory,
  opts: LoginOptions,
  current: Values,
): Promise<{ values: Values; secret: string }> {
  const p = f.prompter;
  const { parseAuthScheme, validateValue } = await import('../../config/keys.js');
  const check = (key: ProfileKey) => (v: string) => {
    if (v.trim() === '') return true;
    try {
      validateValue(key, v, 'the answer');
      return true;
    } catch (err) {
      return (err as Error).message;
    }
  };
  const values: Values = {};
  values['base-url'] = await p.input({
    message: 'Service base URL',
    flag: '--base-url',
    default: opts.baseUrl ?? current['base-url'],
    validate: (v) => (v.trim() === '' ? 'the base URL is required' : check('base-url')(v)),
  });
  const given = parseAuthScheme(opts.authScheme ?? current['auth-scheme'] ?? 'bearer');
  const choice = await p.select({
    message: 'How does the service take credentials?',
    flag: '--auth-scheme',
    choices: SCHEMES,
    default: SCHEMES[given?.kind === 'header' ? 1 : given?.kind === 'basic' ? 2 : 0],
  });
  let secret: string;
  if (choice === SCHEMES[1]) {
    const name = await p.input({
      message: 'Header name',
      flag: '--auth-scheme header:NAME',
      default: given?.kind === 'header' ? given.name : 'X-Api-Key',
      validate: (v) => check('auth-scheme')(`header:${v.trim()}`),
    });
    values['auth-scheme'] = `header:${name.trim()}`;
    secret = await p.password({ message: `${name.trim()} value (not shown)`, flag: '--with-token' });
  } else if (choice === SCHEMES[2]) {
    values['auth-scheme'] = 'basic';
    const user = await p.input({ message: 'User name', flag: '--username', default: opts.username });
    const password = await p.password({ message: 'Password (not shown)', flag: '--with-token' });
    secret = `${user}:${password}`;
  } else {
    values['auth-scheme'] = 'bearer';
    secret = await p.password({ message: 'Token (not shown)', flag: '--with-token' });
  }
  if (values['base-url'].startsWith('https:')) {
    values['ca-file'] = await p.input({
      message: "CA bundle (PEM) when the service's certificate is not publicly trusted; empty for none",
      flag: '--ca-file',
      default: opts.caFile ?? current['ca-file'],
    });
  }
  values.org = await p.input({
    message: 'Default organization uuid (empty for none)',
    flag: '--org',
    default: opts.org ?? current.org,
    validate: check('org'),
  });
  values.user = await p.input({
    message: 'Default user uuid (empty for none)',
    flag: '--user',
    default: opts.user ?? current.user,
    validate: check('user'),
  });
  const { systemTimeZone } = await import('../../config/time-zone.js');
  values['time-zone'] = await p.input({
    message: 'Time zone sent to the service',
    flag: '--time-zone',
    default: opts.timeZone ?? current['time-zone'] ?? systemTimeZone(f.io.env),
    validate: check('time-zone'),
  });
  return { values, secret: secret.trim() };
}

/** The flags' values, and the secret from stdin. */
async function fromFlags(f: Factory, opts: LoginOptions): Promise<{ values: Values; secret: string }> {
  if (!opts.baseUrl)
    throw new UsageError('missing --base-url', { hint: 'ccp login --base-url URL --with-token < token.txt' });
  if (!opts.withToken) {
    throw new UsageError('without a terminal, ccp login reads the secret from stdin: pass --with-token', {
      hint: 'ccp login --base-url URL --with-token < token.txt',
    });
  }
  const { text } = await import('node:stream/consumers');
  const line = (await text(f.io.stdin)).trim().split('\n')[0]?.trim() ?? '';
  if (line === '') throw new UsageError('--with-token read nothing from stdin');
  const values: Values = {
    'base-url': opts.baseUrl,
    'auth-scheme': opts.authScheme,
    'ca-file': opts.caFile,
    org: opts.org,
    user: opts.user,
    'time-zone': opts.timeZone,
  };
  return { values, secret: opts.username ? `${opts.username}:${line}` : line };
}

/** One small request with the settings about to be saved: a listing page of one record. */
async function check(f: Factory, values: Values, secret: string, tls: TlsOptions): Promise<void> {
  const [keys, { clearTextWarning }] = await Promise.all([
    import('../../config/keys.js'),
    import('../../kit/credentials.js'),
  ]);
  const { systemTimeZone } = await import('../../config/time-zone.js');
  const headers = keys.parseHeaders(values.headers ?? '') ?? [];
  const clear = clearTextWarning(values['base-url']!, secret, headers);
  if (clear) f.io.warn(clear);
  const client = await f.checkingClient({
    baseUrl: values['base-url']!,
    token: secret,
    authScheme: keys.parseAuthScheme(values['auth-scheme'] ?? 'bearer')!,
    headers,
    tls,
    timeZone: values['time-zone'] || systemTimeZone(f.io.env),
  });
  await client.request('GET', 'edgedevice/all/0', { query: { pageSize: 1 } });
}

export async function runLogin(opts: LoginOptions, f: Factory): Promise<void> {
  const { io } = f;
  const { ConfigStore, assertProfileName, validateValue } = await import('../../config/index.js');
  const { targetProfile } = await import('../config/shared.js');
  const store = await ConfigStore.open(io.env);
  const profile = assertProfileName(targetProfile(opts.profile, io.env, store));
  const current = store.profile(profile);
  const { values, secret } =
    io.canPrompt() && !opts.withToken ? await ask(f, opts, current) : await fromFlags(f, opts);
  if (secret === '' || secret === ':') throw new UsageError('no secret given');
  if (opts.headers?.length) values.headers = opts.headers.join('\n');
  if (opts.clientCert) values['client-cert'] = opts.clientCert;
  if (opts.clientKey) values['client-key'] = opts.clientKey;
  if (opts.insecure) values.insecure = 'true';
  // Everything checked before anything is sent or saved; an empty answer means "none".
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v.trim() === '') delete values[k as ProfileKey];
    else values[k as ProfileKey] = validateValue(k as ProfileKey, v, `--${k}`);
  }
  const { tlsOptions } = await import('../../kit/credentials.js');
  const tls = tlsOptions({
    caFile: values['ca-file'],
    clientCert: values['client-cert'],
    clientKey: values['client-key'],
    insecure: values.insecure === 'true',
  });
  try {
    await check(f, values, secret, tls);
    io.note(`✓ ${values['base-url']} accepted the credentials`);
  } catch (err) {
    if (!opts.force) {
      io.warn('Nothing was saved (--force saves anyway).');
      throw err;
    }
    io.warn(`warning: the check failed (${(err as Error).message}); saving anyway (--force)`);
  }
  for (const [k, v] of Object.entries(values)) store.set(profile, k as ProfileKey, v);
  const { keyringName, saveSecret } = await import('../../kit/keyring.js');
  // A secret found in the file moves to the store here, as any secret login is given.
  const kept = await saveSecret(store, profile, secret, opts.insecureStorage);
  if (kept.note) io.warn(kept.note);
  io.note(
    kept.where === 'keyring'
      ? `Logged in: profile ${profile} saved in ${store.path}, its secret in ${keyringName()}`
      : `Logged in: profile ${profile} saved in ${store.path} (mode 0600), its secret with it`,
  );
}

export const rootLogin = defineCommand<LoginOptions>({
  name: 'login',
  description: 'set up a profile for a service: asks, checks with one request, then saves',
  examples: [
    'ccp login',
    'ccp login --profile staging',
    'ccp login --base-url https://ccp.example.com --with-token < token.txt',
    'ccp login --base-url https://ccp.example.com --auth-scheme header:X-Api-Key --ca-file corp-ca.pem --with-token < key.txt',
    'ccp login --base-url https://ccp.example.com --auth-scheme basic --username ops --with-token < password.txt',
  ],
  declare: (cmd) =>
    cmd
      .option('--with-token', 'read the token (or password) from stdin; the way to log in without a terminal')
      .option('--username <name>', 'user for --auth-scheme basic (the password comes from stdin)')
      .option('--force', 'save even when the check fails')
      .option(
        '--insecure-storage',
        "keep the secret in the config file (mode 0600), not the system's credential store",
      )
      .addHelpText(
        'after',
        '\nOn a terminal it asks for the base URL, how the service takes credentials, the secret (not shown),\na CA bundle, and default org, user and time zone. Global flags (--base-url, --auth-scheme, -H,\n--ca-file, --client-cert, --client-key, --insecure, --org, --user, --time-zone, --profile) answer\nahead.',
      ),
  parse: async (f, { flags }) => {
    const own = flags as {
      withToken?: boolean;
      username?: string;
      force?: boolean;
      insecureStorage?: boolean;
    };
    const g = f.globals();
    return {
      profile: g.profile,
      baseUrl: g.baseUrl,
      authScheme: g.authScheme,
      username: own.username,
      headers: g.header,
      caFile: g.caFile,
      clientCert: g.clientCert,
      clientKey: g.clientKey,
      insecure: g.insecure,
      org: g.org,
      user: g.user,
      timeZone: g.timeZone,
      withToken: own.withToken === true,
      force: own.force === true,
      insecureStorage: own.insecureStorage === true,
    };
  },
  run: runLogin,
});

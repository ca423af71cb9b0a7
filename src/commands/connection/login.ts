// `ccp login`, as `gh auth login`: asks (or takes flags and stdin), checks with one small request, then
// saves the profile. The secret never needs argv: it is typed without echo, or read from stdin; it is kept
// in the system's credential store (src/kit/keyring.ts), or in the 0600 config file where none answers.
import type { TlsOptions } from '../../api/client.js';
import type { ProfileKey } from '../../config/keys.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
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
  /** Make the saved profile the current one (it becomes so anyway when there is none). */
  use: boolean;
}

type Values = Partial<Record<ProfileKey, string>>;

const SCHEMES = ['bearer token', 'a named header (such as X-Api-Key)', 'basic (user and password)'] as const;

/** A secret typed this many times and refused each time ends the login (as sudo's three tries). */
const TRIES = 3;

type Keys = typeof import('../../config/keys.js');

/** A prompt's check of an answer: empty is "none", anything else must be valid for the key. */
function checker(keys: Keys, key: ProfileKey): (v: string) => true | string {
  return (v) => {
    if (v.trim() === '') return true;
    try {
      keys.validateValue(key, v, 'the answer');
      return true;
    } catch (err) {
      return (err as Error).message;
    }
  };
}

/**
 * What a person answers before the secret can be checked: the base URL, how the service takes the secret
 * and, for https, a CA bundle. A question a flag answered is not asked.
 */
async function askTarget(
  f: Factory,
  opts: LoginOptions,
  current: Values,
  keys: Keys,
): Promise<{ values: Values; user?: string }> {
  const p = f.prompter;
  const values: Values = {};
  values['base-url'] =
    opts.baseUrl ??
    (await p.input({
      message: 'Service base URL',
      flag: '--base-url',
      default: current['base-url'],
      validate: (v) => (v.trim() === '' ? 'the base URL is required' : checker(keys, 'base-url')(v)),
    }));
  let scheme = opts.authScheme ? keys.parseAuthScheme(opts.authScheme) : undefined;
  if (!scheme) {
    const given = keys.parseAuthScheme(current['auth-scheme'] ?? 'bearer');
    const choice = await p.select({
      message: 'How does the service take credentials?',
      flag: '--auth-scheme',
      choices: SCHEMES,
      default: SCHEMES[given?.kind === 'header' ? 1 : given?.kind === 'basic' ? 2 : 0],
    });
    if (choice === SCHEMES[1]) {
      const name = await p.input({
        message: 'Header name',
        flag: '--auth-scheme header:NAME',
        default: given?.kind === 'header' ? given.name : 'X-Api-Key',
        validate: (v) => checker(keys, 'auth-scheme')(`header:${v.trim()}`),
      });
      scheme = { kind: 'header', name: name.trim() };
    } else scheme = choice === SCHEMES[2] ? { kind: 'basic' } : { kind: 'bearer' };
  }
  values['auth-scheme'] = scheme.kind === 'header' ? `header:${scheme.name}` : scheme.kind;
  let user: string | undefined;
  if (scheme.kind === 'basic')
    user = opts.username ?? (await p.input({ message: 'User name', flag: '--username' }));
  // Asked before the secret: the check that follows it goes through this trust.
  if (values['base-url'].startsWith('https:') && opts.caFile === undefined) {
    values['ca-file'] = await p.input({
      message: "CA bundle (PEM) when the service's certificate is not publicly trusted; empty for none",
      flag: '--ca-file',
      default: current['ca-file'],
    });
  } else if (opts.caFile !== undefined) values['ca-file'] = opts.caFile;
  return { values, ...(user === undefined ? {} : { user }) };
}

/** The secret typed without echo, as the scheme names it. */
async function askSecret(f: Factory, values: Values, user: string | undefined): Promise<string> {
  const scheme = values['auth-scheme'] ?? 'bearer';
  const message = scheme.startsWith('header:')
    ? `${scheme.slice('header:'.length)} value (not shown)`
    : scheme === 'basic'
      ? 'Password (not shown)'
      : 'Token (not shown)';
  const typed = (await f.prompter.password({ message, flag: '--with-token' })).trim();
  return user === undefined ? typed : `${user}:${typed}`;
}

/** What a person answers once the secret is accepted: the defaults commands send. Flags answer ahead. */
async function askDefaults(f: Factory, opts: LoginOptions, current: Values, keys: Keys): Promise<Values> {
  const p = f.prompter;
  const values: Values = {};
  values.org =
    opts.org ??
    (await p.input({
      message: 'Default organization uuid (empty for none)',
      flag: '--org',
      default: current.org,
      validate: checker(keys, 'org'),
    }));
  values.user =
    opts.user ??
    (await p.input({
      message: 'Default user uuid (empty for none)',
      flag: '--user',
      default: current.user,
      validate: checker(keys, 'user'),
    }));
  const { systemTimeZone } = await import('../../config/time-zone.js');
  values['time-zone'] =
    opts.timeZone ??
    (await p.input({
      message: 'Time zone sent to the service',
      flag: '--time-zone',
      default: current['time-zone'] ?? systemTimeZone(f.io.env),
      validate: checker(keys, 'time-zone'),
    }));
  return values;
}

/** The secret from stdin: the flags say everything else. */
async function secretFromStdin(f: Factory, opts: LoginOptions): Promise<string> {
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
  return opts.username ? `${opts.username}:${line}` : line;
}

/** One small request with the settings about to be saved: a listing page of one record. */
async function check(f: Factory, values: Values, secret: string, tls: TlsOptions, keys: Keys): Promise<void> {
  const { clearTextWarning } = await import('../../kit/credentials.js');
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
  try {
    await client.request('GET', 'edgedevice/all/0', { query: { pageSize: 1 } });
  } catch (err) {
    const { AuthError } = await import('../../api/request-errors.js');
    // The token it was given was refused: running login again is not what to do.
    if (err instanceof AuthError && err.httpStatus === 401) {
      const { code, reason, httpStatus, subject } = err;
      const hint = `the token was refused by ${new URL(client.baseUrl).origin}: check it, and how the service takes it (--auth-scheme)`;
      throw new AuthError({ code, reason, httpStatus, subject, hint });
    }
    throw err;
  } finally {
    await client.close();
  }
}

/** Each value checked as it will be stored; an empty one means "none" and is dropped. */
function validated(values: Values, keys: Keys): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined && v.trim() !== '')
      out[k as ProfileKey] = keys.validateValue(k as ProfileKey, v, `--${k}`);
  }
  return out;
}

/** Whether the service refused the secret itself (not the network, TLS or a proxy). */
function refused(err: unknown): boolean {
  const e = err as { name?: string; httpStatus?: number | null };
  return e.name === 'AuthError' && (e.httpStatus === 401 || e.httpStatus === 403);
}

export async function runLogin(opts: LoginOptions, f: Factory): Promise<void> {
  const { io } = f;
  const config = await import('../../config/index.js');
  const { ConfigFile, assertProfileName } = config;
  const { targetProfile } = await import('../config/shared.js');
  const store = await ConfigFile.open(io.env);
  const profile = assertProfileName(targetProfile(opts.profile, io.env, store));
  const current = store.profile(profile);
  // The flags checked before any question: a wrong one is said at once, not after every answer.
  validated(
    {
      'base-url': opts.baseUrl,
      'auth-scheme': opts.authScheme,
      'ca-file': opts.caFile,
      org: opts.org,
      user: opts.user,
      'time-zone': opts.timeZone,
    },
    config,
  );
  const interactive = io.canPrompt() && !opts.withToken;
  const target = interactive
    ? await askTarget(f, opts, current, config)
    : {
        values: {
          'base-url': opts.baseUrl,
          'auth-scheme': opts.authScheme,
          'ca-file': opts.caFile,
          'time-zone': opts.timeZone,
        } as Values,
      };
  if (opts.headers?.length) target.values.headers = opts.headers.join('\n');
  if (opts.clientCert) target.values['client-cert'] = opts.clientCert;
  if (opts.clientKey) target.values['client-key'] = opts.clientKey;
  if (opts.insecure) target.values.insecure = 'true';
  if (interactive && opts.timeZone === undefined && current['time-zone'])
    target.values['time-zone'] = current['time-zone'];
  // Everything checked before anything is sent or saved.
  let values = validated(target.values, config);
  const { tlsOptions } = await import('../../kit/credentials.js');
  const tls = tlsOptions({
    caFile: values['ca-file'],
    clientCert: values['client-cert'],
    clientKey: values['client-key'],
    insecure: values.insecure === 'true',
  });
  // The secret is checked as soon as it is given; on a terminal a refused one is asked for again.
  let secret = '';
  for (let tried = 1; ; tried++) {
    secret = interactive ? await askSecret(f, values, target.user) : await secretFromStdin(f, opts);
    if (secret === '' || secret === ':') throw new UsageError('no secret given');
    try {
      await check(f, values, secret, tls, config);
      io.note(`✓ ${values['base-url']} accepted the credentials`);
      break;
    } catch (err) {
      if (interactive && refused(err) && !opts.force && tried < TRIES) {
        io.warn(
          `✗ ${new URL(values['base-url']!).origin} refused it (${(err as Error).message}): type it again`,
        );
        continue;
      }
      if (!opts.force) {
        io.warn('Nothing was saved (--force saves anyway).');
        throw err;
      }
      io.warn(`warning: the check failed (${(err as Error).message}); saving anyway (--force)`);
      break;
    }
  }
  if (interactive) values = { ...values, ...validated(await askDefaults(f, opts, current, config), config) };
  else values = { ...values, ...validated({ org: opts.org, user: opts.user }, config) };
  // Whether a current profile is in use before this one is saved: none is stored, and `default` is empty.
  const noCurrent =
    !store.hasCurrentProfile() && Object.keys(store.profile(config.DEFAULT_PROFILE)).length === 0;
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
  const was = store.currentProfile();
  if (was === profile) return;
  if (opts.use || noCurrent) {
    store.useProfile(profile);
    io.note(`Profile ${profile} is now the current one`);
  } else {
    io.note(
      `The current profile is still ${was}: switch with \`ccp config use ${profile}\` (or pass --profile ${profile})`,
    );
  }
}

export const connectionLogin = defineCommand<LoginOptions>({
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
      .option('--use', 'make the saved profile the current one (it is when there is none)')
      .option(
        '--insecure-storage',
        "keep the secret in the config file (mode 0600), not the system's credential store",
      )
      .addHelpText(
        'after',
        '\nOn a terminal it asks for the base URL, how the service takes credentials, a CA bundle, the secret\n(not shown; checked at once, and asked again when refused), and default org, user and time zone.\nGlobal flags (--base-url, --auth-scheme, -H, --ca-file, --client-cert, --client-key, --insecure,\n--org, --user, --time-zone, --profile) answer ahead: what a flag gave is not asked. The profile\nbecomes the current one when there is none, or with --use.',
      ),
  parse: async (f, { flags }) => {
    const own = flags as {
      withToken?: boolean;
      username?: string;
      force?: boolean;
      insecureStorage?: boolean;
      use?: boolean;
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
      use: own.use === true,
    };
  },
  run: runLogin,
});

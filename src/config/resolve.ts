import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDatabaseUrl } from '../domain/db-location.js';
import { ConfigError } from './config-error.js';
import type { ProfileReader } from './file.js';
import {
  type AuthScheme,
  DEFAULT_PARALLEL,
  DEFAULT_TIMEOUT,
  KEY_SOURCES,
  type OutputFormat,
  PROFILE_KEYS,
  type ProfileKey,
  parseAuthScheme,
  parseHeaders,
  parseTimeout,
  TOKEN_STORE_FIELD,
  validateValue,
} from './keys.js';
import { systemTimeZone } from './time-zone.js';

export { systemTimeZone };

export interface GlobalFlags {
  baseUrl?: string;
  token?: string;
  profile?: string;
  /** The flag that gave `profile`, as an error names it (`--from` for server clone); `--profile` otherwise. */
  profileFlag?: string;
  timeZone?: string;
  org?: string;
  user?: string;
  db?: string;
  output?: string;
  timeout?: string;
  timestamps?: string;
  parallel?: string;
  authScheme?: string;
  /** `Name: value` lines (the repeatable -H, joined). */
  headers?: string;
  tokenCommand?: string;
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  insecure?: string;
  csvRaw?: string;
}

export interface ResolvedConfig {
  profile: string;
  baseUrl?: string;
  token?: string;
  org?: string;
  user?: string;
  timeZone: string;
  output?: OutputFormat;
  db: string;
  /** The timeout as it was given (`30s`, `500ms`, `2m`): the form `config list` shows. */
  timeout: string;
  timeoutMs: number;
  timestamps: 'service' | 'iso';
  /** Page requests in flight on a remote listing walk (1: page at a time). */
  parallel: number;
  authScheme: AuthScheme;
  headers: Array<[string, string]>;
  tokenCommand?: string;
  /** Where the token came from (`--token`, `CCP_TOKEN`, `profile staging`), named on a 401. */
  tokenOrigin?: string;
  /** The profile's token is in the credential store: read when a command needs it (src/kit/keyring.ts). */
  tokenInKeyring?: boolean;
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  insecure: boolean;
  /** csv cells as they are, without the `'` before a formula character. */
  csvRaw: boolean;
  /** Where each key that has a value came from (`--ca-file`, `CCP_CA_FILE`, `profile prod`, `system`...). */
  origins: Partial<Record<ProfileKey, string>>;
}

export type ValueSource = 'flag' | 'env' | 'profile' | 'default';

/** One key's effective value and where it came from (`origin` names the flag, variable or profile). */
export interface ResolvedEntry {
  key: ProfileKey;
  value?: string;
  source?: ValueSource;
  origin?: string;
  /** The profile's token is kept in the credential store (no value here: it is read only when sent). */
  inKeyring?: boolean;
}

/** $XDG_DATA_HOME/ccp/ccp.db, else ~/.local/share/ccp/ccp.db. */
export function defaultDbPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(base, 'ccp', 'ccp.db');
}

/** $XDG_STATE_HOME/ccp, else ~/.local/state/ccp: what ccp writes for the user to read later (problem lists). */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'ccp');
}

/** $XDG_CACHE_HOME/ccp, else ~/.cache/ccp: what ccp may lose at any time (completion values, the time zone). */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'ccp');
}

// An empty variable counts as unset, as `CCP_TOKEN= ccp ...` is the usual way to clear one for a command.
function fromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** The profile to read: `--profile`, then CCP_PROFILE, then the stored current profile, then `default`. */
export function selectProfile(flags: GlobalFlags, env: NodeJS.ProcessEnv, store: ProfileReader): string {
  const name = flags.profile ?? fromEnv(env, 'CCP_PROFILE') ?? store.currentProfile();
  if (!store.hasProfile(name)) {
    const origin =
      flags.profile !== undefined
        ? (flags.profileFlag ?? '--profile')
        : fromEnv(env, 'CCP_PROFILE')
          ? 'CCP_PROFILE'
          : 'the config file';
    throw new ConfigError(
      `profile "${name}" (from ${origin}) does not exist; create it with: ccp config set --profile ${name} <key> <value>`,
    );
  }
  return name;
}

/** Each profile key's value by precedence flag > env > profile > default, validated. */
export function resolveEntries(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  store: ProfileReader,
  profile: string,
): ResolvedEntry[] {
  const stored = store.profile(profile);
  return PROFILE_KEYS.map((key): ResolvedEntry => {
    const src = KEY_SOURCES[key];
    const flag = flags[src.flag as keyof GlobalFlags];
    if (flag !== undefined) {
      return { key, value: validateValue(key, flag, src.option), source: 'flag', origin: src.option };
    }
    const envValue = fromEnv(env, src.env);
    if (envValue !== undefined) {
      return { key, value: validateValue(key, envValue, src.env), source: 'env', origin: src.env };
    }
    const inProfile = stored[key];
    if (inProfile !== undefined) {
      const origin = `profile ${profile}`;
      return {
        key,
        value: validateValue(key, inProfile, `${origin} in ${store.path}`),
        source: 'profile',
        origin,
      };
    }
    if (key === 'token' && (stored as Record<string, string>)[TOKEN_STORE_FIELD] === 'keyring') {
      return { key, source: 'profile', origin: `profile ${profile}`, inKeyring: true };
    }
    if (key === 'time-zone') return { key, value: systemTimeZone(), source: 'default', origin: 'system' };
    if (key === 'timeout') return { key, value: DEFAULT_TIMEOUT, source: 'default', origin: 'default' };
    if (key === 'timestamps') return { key, value: 'service', source: 'default', origin: 'default' };
    if (key === 'parallel') {
      return { key, value: String(DEFAULT_PARALLEL), source: 'default', origin: 'default' };
    }
    if (key === 'auth-scheme') return { key, value: 'bearer', source: 'default', origin: 'default' };
    return { key };
  });
}

/** The database: --db, then CCP_DB, then the profile's `db`, then the default file in the data directory. */
export function resolveDb(flags: GlobalFlags, env: NodeJS.ProcessEnv, profileDb?: string): string {
  const db = flags.db ?? fromEnv(env, 'CCP_DB') ?? profileDb ?? defaultDbPath(env);
  // A PostgreSQL URL is not a path: it is taken as given.
  return isDatabaseUrl(db) ? db : resolve(db);
}

export function toResolvedConfig(
  profile: string,
  entries: ResolvedEntry[],
  db: string,
  dbFlag = false,
): ResolvedConfig {
  const v = Object.fromEntries(entries.map((e) => [e.key, e.value])) as Partial<Record<ProfileKey, string>>;
  const config: ResolvedConfig = {
    profile,
    timeZone: v['time-zone'] ?? systemTimeZone(),
    db,
    timeout: v.timeout ?? DEFAULT_TIMEOUT,
    timeoutMs: parseTimeout(v.timeout ?? DEFAULT_TIMEOUT)!,
    timestamps: v.timestamps === 'iso' ? 'iso' : 'service',
    parallel: Number(v.parallel ?? DEFAULT_PARALLEL),
    authScheme: parseAuthScheme(v['auth-scheme'] ?? 'bearer')!,
    headers: parseHeaders(v.headers ?? '') ?? [],
    insecure: v.insecure === 'true',
    csvRaw: v['csv-raw'] === 'true',
    origins: Object.fromEntries(
      entries.filter((e) => e.value !== undefined && e.origin).map((e) => [e.key, e.origin]),
    ),
  };
  const token = entries.find((e) => e.key === 'token');
  if (token?.value !== undefined) config.tokenOrigin = token.origin;
  else if (token?.inKeyring) {
    config.tokenOrigin = token.origin;
    config.tokenInKeyring = true;
  }
  if (v['token-command'] !== undefined) config.tokenCommand = v['token-command'];
  if (v['ca-file'] !== undefined) config.caFile = v['ca-file'];
  if (v['client-cert'] !== undefined) config.clientCert = v['client-cert'];
  if (v['client-key'] !== undefined) config.clientKey = v['client-key'];
  if (v['base-url'] !== undefined) config.baseUrl = v['base-url'];
  if (v.token !== undefined) config.token = v.token;
  if (v.org !== undefined) config.org = v.org;
  if (v.user !== undefined) config.user = v.user;
  if (v.output !== undefined) config.output = v.output as OutputFormat;
  // `--db PATH` names a local database to work on: the embedded default over it, whatever base URL the
  // environment or the profile names (`ccp --db copy.db ...` rehearses on a clone of the profile's service),
  // and the service's token is not sent to it. Only a --base-url flag beside it is a contradiction.
  if (dbFlag) {
    const byFlag = (key: ProfileKey) => entries.find((e) => e.key === key)?.source === 'flag';
    if (byFlag('base-url')) throw new ConfigError('--db and --base-url name two targets: give one of them');
    delete config.baseUrl;
    if (!byFlag('token')) {
      delete config.token;
      delete config.tokenInKeyring;
    }
  }
  return config;
}

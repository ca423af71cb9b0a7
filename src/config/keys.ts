// The CLI's uuid check (the same 8-4-4-4-12 pattern as the domain's zod Uuid): resolving the configuration,
// which every command does, then loads neither zod nor the record schemas.
import { resolve } from 'node:path';
import { isDatabaseUrl, shownLocation } from '../domain/db-location.js';
import { isValidTimeZone } from '../domain/instant.js';
import { OUTPUT_FORMATS } from '../domain/output-formats.js';
import { isSecretHeader } from '../domain/secrets.js';
import { Closest, didYouMean } from '../domain/suggest.js';
import { isUuid } from '../domain/uuid.js';
import { ConfigError } from './config-error.js';
import { MAX_PARALLEL, TIMESTAMP_STYLES } from './settings.js';

export { OUTPUT_FORMATS, type OutputFormat } from '../domain/output-formats.js';
export { DEFAULT_PARALLEL, MAX_PARALLEL, TIMESTAMP_STYLES } from './settings.js';

/** Keys a profile may hold, as typed on the command line. */
export const PROFILE_KEYS = [
  'base-url',
  'token',
  'org',
  'user',
  'time-zone',
  'output',
  'timeout',
  'timestamps',
  'parallel',
  'auth-scheme',
  'headers',
  'token-command',
  'ca-file',
  'client-cert',
  'client-key',
  'insecure',
  'csv-raw',
  'db',
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_TIMEOUT = '30s';

/** The global flag (camelCase property) and environment variable that override each profile key. */
export const KEY_SOURCES: Record<ProfileKey, { flag: string; option: string; env: string }> = {
  'base-url': { flag: 'baseUrl', option: '--base-url', env: 'CCP_BASE_URL' },
  token: { flag: 'token', option: '--token', env: 'CCP_TOKEN' },
  org: { flag: 'org', option: '--org', env: 'CCP_ORG' },
  user: { flag: 'user', option: '--user', env: 'CCP_USER' },
  'time-zone': { flag: 'timeZone', option: '--time-zone', env: 'CCP_TIME_ZONE' },
  output: { flag: 'output', option: '--output', env: 'CCP_OUTPUT' },
  timeout: { flag: 'timeout', option: '--timeout', env: 'CCP_TIMEOUT' },
  timestamps: { flag: 'timestamps', option: '--timestamps', env: 'CCP_TIMESTAMPS' },
  parallel: { flag: 'parallel', option: '--parallel', env: 'CCP_PARALLEL' },
  'auth-scheme': { flag: 'authScheme', option: '--auth-scheme', env: 'CCP_AUTH_SCHEME' },
  headers: { flag: 'headers', option: '--header', env: 'CCP_HEADERS' },
  // A credential helper is a profile's (or the environment's) choice; no flag would keep it off argv.
  'token-command': { flag: 'tokenCommand', option: 'token-command', env: 'CCP_TOKEN_COMMAND' },
  'ca-file': { flag: 'caFile', option: '--ca-file', env: 'CCP_CA_FILE' },
  'client-cert': { flag: 'clientCert', option: '--client-cert', env: 'CCP_CLIENT_CERT' },
  'client-key': { flag: 'clientKey', option: '--client-key', env: 'CCP_CLIENT_KEY' },
  insecure: { flag: 'insecure', option: '--insecure', env: 'CCP_INSECURE' },
  'csv-raw': { flag: 'csvRaw', option: '--csv-raw', env: 'CCP_CSV_RAW' },
  db: { flag: 'db', option: '--db', env: 'CCP_DB' },
};

/**
 * The profile's field that says its secret is in the operating system's credential store (the value
 * `keyring`): all the file keeps of it. Not a key users set (`login` and `config set token` write it).
 */
export const TOKEN_STORE_FIELD = 'token-store';

/** Keys whose value is a secret: never echoed back, and masked where shown. */
export const SECRET_KEYS: ReadonlySet<ProfileKey> = new Set(['token']);

/** `bearer`, `basic` (the token is `user:password`) or `header:NAME` (the token is that header's value). */
export type AuthScheme = { kind: 'bearer' } | { kind: 'basic' } | { kind: 'header'; name: string };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseAuthScheme(text: string): AuthScheme | undefined {
  const t = text.trim();
  if (t.toLowerCase() === 'bearer') return { kind: 'bearer' };
  if (t.toLowerCase() === 'basic') return { kind: 'basic' };
  const m = /^header:(.+)$/i.exec(t);
  return m && HEADER_NAME.test(m[1]!) ? { kind: 'header', name: m[1]! } : undefined;
}

/**
 * Headers as `Name: value` lines (the profile stores them one a line, as curl's -H takes each); undefined
 * when a line is not a header.
 */
export function parseHeaders(text: string): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim();
    if (i <= 0 || !HEADER_NAME.test(name)) return undefined;
    out.push([name, line.slice(i + 1).trim()]);
  }
  return out;
}

export function isProfileKey(key: string): key is ProfileKey {
  return (PROFILE_KEYS as readonly string[]).includes(key);
}

export function assertProfileKey(key: string): ProfileKey {
  if (!isProfileKey(key)) {
    throw new ConfigError(`unknown config key "${key}"; valid keys: ${PROFILE_KEYS.join(', ')}`);
  }
  return key;
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function assertProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new ConfigError(
      `invalid profile name "${name}": use letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)`,
    );
  }
  return name;
}

const TIMEOUT = /^(\d+(?:\.\d+)?)(ms|s|m)?$/;

/** Parses `500ms`, `30s`, `2m` or a bare number of seconds (as curl's -m); undefined when not a positive duration. */
export function parseTimeout(text: string): number | undefined {
  const m = TIMEOUT.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  const ms = Math.round(unit === 'm' ? n * 60_000 : unit === 's' ? n * 1000 : n);
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** What makes a value valid, for the error message. */
const EXPECTED: Record<ProfileKey, string> = {
  'base-url': 'an http:// or https:// URL',
  token: 'a non-empty token without spaces',
  org: 'a uuid (8-4-4-4-12 hex digits)',
  user: 'a uuid (8-4-4-4-12 hex digits)',
  'time-zone': 'an IANA time zone such as Europe/Paris or UTC',
  output: OUTPUT_FORMATS.join('|'),
  timeout: 'a positive duration such as 30s, 500ms, 2m or 30 (seconds)',
  timestamps: TIMESTAMP_STYLES.join('|'),
  parallel: `a whole number from 1 to ${MAX_PARALLEL}`,
  'auth-scheme': 'bearer, basic or header:NAME (such as header:X-Api-Key)',
  headers: "'Name: value' lines",
  'token-command': 'a command line whose output is the token',
  'ca-file': 'the path of a PEM file of certificate authorities',
  'client-cert': 'the path of a PEM client certificate',
  'client-key': 'the path of a PEM private key',
  insecure: 'true or false',
  'csv-raw': 'true or false',
  db: "a SQLite file's path or a postgresql:// URL",
};

function isValid(key: ProfileKey, value: string): boolean {
  switch (key) {
    case 'base-url': {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    }
    case 'token':
      return value.length > 0 && !/\s/.test(value);
    case 'org':
    case 'user':
      return isUuid(value);
    case 'time-zone':
      return isValidTimeZone(value);
    case 'output':
      return (OUTPUT_FORMATS as readonly string[]).includes(value);
    case 'timeout':
      return parseTimeout(value) !== undefined;
    case 'timestamps':
      return (TIMESTAMP_STYLES as readonly string[]).includes(value);
    case 'parallel':
      return /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_PARALLEL;
    case 'auth-scheme':
      return parseAuthScheme(value) !== undefined;
    case 'headers':
      return parseHeaders(value) !== undefined;
    case 'token-command':
    case 'ca-file':
    case 'client-cert':
    case 'client-key':
    case 'db':
      return value !== '';
    case 'insecure':
    case 'csv-raw':
      return value === 'true' || value === 'false';
  }
}

/**
 * Checks a value for `key`, naming where it came from when it is wrong. Returns the value as stored
 * (trimmed; a base URL loses its trailing slashes). A token is never echoed back.
 */
export function validateValue(key: ProfileKey, raw: string, origin: string): string {
  let value = key === 'headers' ? raw.replace(/^\s*\n|\n\s*$/g, '') : raw.trim();
  if (key === 'insecure' || key === 'csv-raw') value = value.toLowerCase();
  // A file named relative to where `config set` or `login` ran means that file wherever ccp runs later.
  if ((key === 'ca-file' || key === 'client-cert' || key === 'client-key') && value !== '')
    value = resolve(value);
  if (key === 'db' && value !== '' && !isDatabaseUrl(value)) value = resolve(value);
  if (key === 'base-url') value = value.replace(/\/+$/, '');
  if (!isValid(key, value)) {
    const shown = SECRET_KEYS.has(key) || key === 'headers' || key === 'db' ? '' : ` "${raw}"`;
    const near = key === 'time-zone' ? nearZones(value) : '';
    throw new ConfigError(`invalid ${key}${shown}${near} from ${origin}: expected ${EXPECTED[key]}`);
  }
  return value;
}

// ICU lists some zones by the names the tz database has since replaced (Asia/Calcutta): the names people
// type today, offered beside ICU's own.
const CURRENT_ZONES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Ho_Chi_Minh',
  'Asia/Yangon',
  'Europe/Kyiv',
  'America/Nuuk',
  'Atlantic/Faroe',
  'America/Argentina/Buenos_Aires',
];

/** ` (did you mean Asia/Kolkata?)` among the zones the runtime knows, whatever the case typed. */
function nearZones(zone: string): string {
  const near = new Closest(zone, { caseless: true });
  for (const known of [
    'UTC',
    ...CURRENT_ZONES.filter(isValidTimeZone),
    ...Intl.supportedValuesOf('timeZone'),
  ])
    near.consider(known);
  return didYouMean(near.values());
}

/** Shows enough of a token to tell tokens apart: `ccp_…abcd`. */
export function maskToken(token: string): string {
  const prefix = token.startsWith('ccp_') ? 'ccp_' : '';
  if (token.length - prefix.length < 12) return `${prefix}…`;
  return `${prefix}…${token.slice(-4)}`;
}

/** A value as `config get`, `list` and `set` show it: the token masked, secret headers' values masked. */
export function shownValue(key: ProfileKey, value: string): string {
  if (SECRET_KEYS.has(key)) return maskToken(value);
  // A database URL's password is never shown (cli.md, "A team twin").
  if (key === 'db') return shownLocation(value);
  if (key !== 'headers') return value;
  return (parseHeaders(value) ?? [])
    .map(([name, v]) => `${name}: ${isSecretHeader(name) ? maskToken(v) : v}`)
    .join('\n');
}

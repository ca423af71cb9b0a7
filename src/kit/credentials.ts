// Where a remote command's token and TLS material come from: a flag, a variable, the profile, stdin or a
// credential helper (the profile's token-command, as git credential helpers and AWS credential_process).
import { readFileSync } from 'node:fs';
import type { TlsOptions } from '../api/client.js';
import { isLoopback } from '../api/network-failures.js';
import { AuthError } from '../api/request-errors.js';
import type { ResolvedConfig } from '../config/index.js';
import { urlHasPassword } from '../domain/db-location.js';
import { isSecretHeader } from '../domain/secrets.js';
import { UsageError } from './command-errors.js';
import type { IO } from './io.js';

export interface Credentials {
  token?: string;
  /** `--token`, `CCP_TOKEN`, `profile staging`, `token-command (…)`: named on a 401 and by `ccp status`. */
  origin?: string;
}

export const HISTORY_WARNING =
  'warning: a token given on the command line lands in shell history and the process list; use --token - (stdin), CCP_TOKEN, `ccp login` or a profile token-command';

const DB_PASSWORD_WARNING =
  'warning: a password in --db lands in shell history and the process list; use PGPASSWORD, ~/.pgpass, CCP_DB or a profile';
const warnedOf = new WeakSet<IO>();

/** Warns, once per run, when --db is a database URL with a password in it (CCP_DB and profiles do not warn). */
export function warnDbPassword(io: IO, dbFlag: string | undefined): void {
  if (dbFlag === undefined || !urlHasPassword(dbFlag) || warnedOf.has(io)) return;
  warnedOf.add(io);
  io.warn(DB_PASSWORD_WARNING);
}

/** `--token -`: the token is stdin's first line, so it stays out of argv. */
export async function tokenFromStdin(io: Pick<IO, 'stdin'>): Promise<string> {
  const { text: streamText } = process.getBuiltinModule(
    'node:stream/consumers',
  ) as typeof import('node:stream/consumers');
  const token = (await streamText(io.stdin)).trim().split('\n')[0]?.trim() ?? '';
  if (token === '') throw new UsageError('--token - read no token from stdin');
  return token;
}

/** Runs a token-command once and returns its stdout's first line; exit 3 naming it when it fails. */
export function runTokenCommand(command: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  const failed = (why: string) =>
    new AuthError({
      code: 'TOKEN_COMMAND',
      reason: `token-command \`${command}\` failed: ${why}`,
      httpStatus: null,
    });
  // Loaded here: node:child_process (net, dgram, the stream modules) is for a profile with a token-command,
  // not for every remote command that reads this module.
  const { execFile } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      process.platform === 'win32' ? 'cmd.exe' : '/bin/sh',
      process.platform === 'win32' ? ['/d', '/s', '/c', command] : ['-c', command],
      { env, timeout: timeoutMs, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) {
          const code = (err as { code?: unknown }).code;
          const first = String(stderr).trim().split('\n')[0];
          const why = err.killed ? `no output within ${timeoutMs} ms` : `exit ${code ?? 'unknown'}`;
          reject(failed(first ? `${why}: ${first}` : why));
          return;
        }
        const token = String(stdout).trim().split('\n')[0]?.trim() ?? '';
        if (token === '') reject(failed('it printed no token'));
        else resolve(token);
      },
    );
  });
}

/** The token a remote command sends, and where it came from (a token-command runs once, here). */
export async function resolveCredentials(cfg: ResolvedConfig, env: NodeJS.ProcessEnv): Promise<Credentials> {
  const explicit = cfg.tokenOrigin !== undefined && !cfg.tokenOrigin.startsWith('profile');
  if (cfg.tokenCommand && !explicit) {
    const token = await runTokenCommand(cfg.tokenCommand, env, cfg.timeoutMs);
    return { token, origin: `token-command \`${cfg.tokenCommand}\`` };
  }
  if (cfg.token === undefined && cfg.tokenInKeyring) {
    const { keyringName, readFromKeyring } = await import('./keyring.js');
    return { token: await readFromKeyring(cfg.profile), origin: `${cfg.tokenOrigin} (${keyringName()})` };
  }
  return { token: cfg.token, origin: cfg.tokenOrigin };
}

function readPem(path: string, key: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${key} ${path}: ${(err as Error).message}`, {
      hint: `check --${key} (or the profile's ${key})`,
    });
  }
}

/** The TLS files of the configuration, read; a file that cannot be read is a usage error naming its key. */
export function tlsOptions(
  cfg: Pick<ResolvedConfig, 'caFile' | 'clientCert' | 'clientKey' | 'insecure'>,
): TlsOptions {
  const out: TlsOptions = {};
  if (cfg.caFile) out.ca = readPem(cfg.caFile, 'ca-file');
  if (cfg.clientCert) out.cert = readPem(cfg.clientCert, 'client-cert');
  if (cfg.clientKey) out.key = readPem(cfg.clientKey, 'client-key');
  if (cfg.clientCert && !cfg.clientKey) out.key = out.cert;
  if (cfg.insecure) out.insecure = true;
  return out;
}

/**
 * The warning a command prints on every run that sends a credential (a token, a secret-named header, a URL's
 * userinfo) to an http:// target off loopback: anyone on the path reads it. Undefined when nothing is.
 */
export function clearTextWarning(
  baseUrl: string,
  token: string | undefined,
  headers: ReadonlyArray<readonly [string, string]> = [],
): string | undefined {
  if (!URL.canParse(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || isLoopback(url.hostname)) return undefined;
  const sends = !!token || url.username !== '' || headers.some(([name]) => isSecretHeader(name));
  if (!sends) return undefined;
  return `warning: credentials go to ${url.origin} in clear (http://, not loopback): anyone on the path can read and reuse them; use https://`;
}

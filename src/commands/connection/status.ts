// `ccp status`, as `gh auth status`: where commands go, and whether each part of reaching it holds.

import { existsSync, statSync } from 'node:fs';
import type { TLSSocket } from 'node:tls';
import type { ProfileKey, ResolvedConfig } from '../../config/index.js';
import { isDatabaseUrl } from '../../domain/db-location.js';
import { defineCommand } from '../../kit/command.js';
import type { Factory } from '../../kit/factory.js';
import { outputFormat } from '../../kit/printing.js';
import type { OutputFormat } from '../../output/index.js';
import { human, type Status, type TlsStatus } from './status-text.js';

export type { Status, TlsStatus };

/** Clock skew past this would make signed tokens and timestamps disagree with the service. */
const MAX_SKEW_MS = 60_000;
/** Reads undici's connection events: the TLS socket of the request status makes. */
async function watchTls(): Promise<{ socket(): TLSSocket | undefined; stop(): void }> {
  const dc = await import('node:diagnostics_channel');
  let socket: TLSSocket | undefined;
  const listener = (message: unknown) => {
    const s = (message as { socket?: TLSSocket }).socket;
    if (s && typeof s.getPeerCertificate === 'function') socket = s;
  };
  dc.subscribe('undici:client:connected', listener);
  return { socket: () => socket, stop: () => dc.unsubscribe('undici:client:connected', listener) };
}

function tlsStatus(socket: TLSSocket, now: number): TlsStatus {
  const cert = socket.getPeerCertificate();
  const issuer = cert?.issuer ? (cert.issuer.CN ?? cert.issuer.O ?? null) : null;
  const expires = cert?.valid_to ? new Date(cert.valid_to) : undefined;
  const daysLeft = expires ? Math.floor((expires.getTime() - now) / 86_400_000) : null;
  return {
    ok: socket.authorized && daysLeft !== null && daysLeft >= 0,
    protocol: socket.getProtocol(),
    issuer: typeof issuer === 'string' ? issuer : null,
    verified: socket.authorized,
    expires: expires?.toISOString() ?? null,
    daysLeft,
  };
}

/** The connection settings status shows, in its order, and how each value is shown. */
const SHOWN: { readonly [K in ProfileKey]?: (cfg: ResolvedConfig) => string } = {
  'base-url': (cfg) => String(cfg.baseUrl),
  'auth-scheme': (cfg) => schemeName(cfg.authScheme),
  // Header values may be keys: their names say enough here.
  headers: (cfg) => cfg.headers.map(([name]) => name).join(', '),
  'token-command': () => '(set)',
  'ca-file': (cfg) => String(cfg.caFile),
  'client-cert': (cfg) => String(cfg.clientCert),
  'client-key': (cfg) => String(cfg.clientKey),
  insecure: (cfg) => String(cfg.insecure),
  'time-zone': (cfg) => cfg.timeZone,
  timeout: (cfg) => cfg.timeout,
};

function settingsOf(cfg: ResolvedConfig): Status['settings'] {
  return Object.entries(SHOWN).flatMap(([key, show]) => {
    const from = cfg.origins[key as ProfileKey];
    return from === undefined ? [] : [{ key, value: show(cfg), from }];
  });
}

function schemeName(s: { kind: string; name?: string }): string {
  return s.kind === 'header' ? `header ${s.name}` : s.kind;
}

/** Where the secret commands send is kept: the credential store, the config file, or nowhere (a flag). */
async function secretKept(
  cfg: ResolvedConfig,
  env: NodeJS.ProcessEnv,
  embedded: boolean,
): Promise<string | null> {
  const { configDir } = await import('../../config/index.js');
  const file = `${configDir(env)}/config.json`;
  const explicit = cfg.tokenOrigin !== undefined && !cfg.tokenOrigin.startsWith('profile');
  if (embedded && !explicit) return `${file} (the embedded server's own token)`;
  if (cfg.tokenCommand && !explicit) return 'not kept: printed by the token-command';
  if (explicit) return `not kept: given by ${cfg.tokenOrigin}`;
  if (cfg.tokenInKeyring) {
    const { KEYRING_SERVICE, keyringName } = await import('../../kit/keyring.js');
    return `${keyringName()} (service ${KEYRING_SERVICE}, account ${cfg.profile})`;
  }
  return cfg.token === undefined ? null : `${file} (mode 0600)`;
}

export async function runStatus(f: Factory): Promise<Status> {
  const cfg = await f.config();
  const embedded = !cfg.baseUrl;
  const target = cfg.baseUrl ?? 'embedded server (local database)';
  // The database is looked at before the embedded server creates or migrates it.
  const url = isDatabaseUrl(cfg.db);
  const existed = embedded && (url || existsSync(cfg.db));
  const status: Status = {
    ok: false,
    target,
    profile: cfg.profile,
    reachable: { ok: false, ms: null },
    credentials: {
      ok: false,
      source: null,
      scheme: schemeName(cfg.authScheme),
      detail: '',
      kept: await secretKept(cfg, f.io.env, embedded),
    },
    timeZone: cfg.timeZone,
    settings: settingsOf(cfg),
    actsFor: {
      organization: null,
      role: null,
      note: embedded
        ? 'the database was not read'
        : "the service's interface does not say which organization and role a token has",
    },
  };
  const watcher = embedded || !cfg.baseUrl?.startsWith('https:') ? undefined : await watchTls();
  try {
    const creds = embedded ? { token: 'embedded', origin: 'the embedded server' } : await f.credentials();
    status.credentials.source = creds.origin ?? null;
    const api = await f.api();
    const started = f.clock.now();
    const t0 = performance.now();
    const raw = await api.send('GET', 'edgedevice/all/0', { query: { pageSize: 1 } });
    const ms = Math.round(performance.now() - t0);
    status.reachable = { ok: true, ms };
    const date = raw.headers.date ? Date.parse(raw.headers.date) : Number.NaN;
    if (!embedded) {
      const skewMs = Number.isNaN(date) ? null : Math.round(date - (started + ms / 2));
      // The Date header has whole seconds: a second of skew is its rounding.
      status.clock = { ok: skewMs !== null && Math.abs(skewMs) <= MAX_SKEW_MS, skewMs };
    }
    const accepted = raw.status === 200 && /"statusCode"\s*:\s*"OK"/.test(raw.text);
    status.credentials.ok = accepted;
    status.credentials.detail = accepted
      ? 'accepted'
      : raw.status === 401 || raw.status === 403
        ? `refused (HTTP ${raw.status})`
        : creds.token
          ? `not confirmed: the listing answered HTTP ${raw.status}`
          : 'no token';
  } catch (err) {
    const e = err as Error & { hint?: string; httpStatus?: number | null };
    // A --db that names no database of ccp's is the command's usage, not a check that failed (exit 2).
    if (embedded && e.name === 'UsageError') throw err;
    // So is a database that cannot be reached or refuses the user (exit 5 or 3, as any command's start).
    const kind = (err as { kind?: unknown }).kind;
    if (embedded && e.name === 'StoreError' && (kind === 'unavailable' || kind === 'auth')) throw err;
    if (e.name === 'AuthError' && e.httpStatus === null) {
      // The token-command or the credential store failed: no request was made.
      status.reachable = { ok: false, ms: null, error: 'not checked' };
      status.credentials.detail = e.message;
    } else {
      status.reachable = { ok: false, ms: null, error: e.message, ...(e.hint ? { hint: e.hint } : {}) };
      status.credentials.detail = 'not checked';
    }
  } finally {
    const socket = watcher?.socket();
    watcher?.stop();
    if (socket) status.tls = tlsStatus(socket, f.clock.now());
    else if (watcher)
      status.tls = {
        ok: false,
        protocol: null,
        issuer: null,
        verified: false,
        expires: null,
        daysLeft: null,
      };
  }
  // Read through the embedded server's own connection: a second one in this process, its file opened
  // again, could cost the first its locks.
  const facts = embedded && (existed || existsSync(cfg.db)) ? await f.databaseFacts() : undefined;
  if (facts) {
    const { counts, integrity, engine } = facts;
    status.database = {
      ok: integrity === 'ok',
      path: url ? facts.location : cfg.db,
      sizeBytes: url ? null : statSync(cfg.db).size,
      engine,
      counts,
      integrity,
    };
    // The token the client sent: a flag's or variable's, else the one the embedded server keeps.
    const { ConfigFile } = await import('../../config/index.js');
    const token = cfg.token ?? (await ConfigFile.read(f.io.env)).embeddedAccess(cfg.db)?.token;
    const grant = token === undefined ? undefined : await f.tokenActsFor(token);
    status.actsFor = grant
      ? { organization: { uuid: grant.orgUuid, name: grant.orgName }, role: grant.role }
      : { organization: null, role: null, note: 'the token is not one of this database' };
  }
  status.ok =
    status.reachable.ok &&
    status.credentials.ok &&
    (status.tls?.ok ?? true) &&
    (status.clock?.ok ?? true) &&
    (status.database?.ok ?? true);
  return status;
}

export interface StatusOptions {
  format: OutputFormat;
}

export const connectionStatus = defineCommand<StatusOptions>({
  name: 'status',
  description: 'check the target: reachable, TLS, credentials, clock skew (exit 0 only when all hold)',
  examples: ['ccp status', 'ccp status --profile staging', 'ccp status -o json | jq .ok'],
  // No profile's format: status reports on the profile, whatever it holds.
  parse: async (f) => ({ format: await outputFormat(f.globals(), f.io.stdoutIsTTY) }),
  run: showStatus,
});

/** Runs the checks and prints them; fails with the exit code any command would end with. */
export async function showStatus(opts: StatusOptions, f: Factory): Promise<void> {
  const s = await runStatus(f);
  // Folded to the terminal only: piped, each line stays whole for grep.
  const width = f.io.stdoutIsTTY ? f.io.terminalWidth() : 0;
  const { writeDocument } = await import('../../output/single-object.js');
  await writeDocument(f.io.stdout, s, {
    format: opts.format,
    width,
    terminal: f.io.stdoutIsTTY,
    human: (width) => human(s, width),
  });
  if (s.ok) return;
  const { ChecksFailedError } = await import('../../kit/command-errors.js');
  // The exit code any command would end with: 3 credentials refused, 5 unreachable, else 1.
  // A credential store that does not give the secret is the credentials' failure too.
  const refused =
    /^refused|^token-command|^the (Secret Service|macOS Keychain|Windows Credential Manager)/.test(
      s.credentials.detail,
    );
  const code = refused ? 3 : !s.reachable.ok ? 5 : 1;
  throw new ChecksFailedError(`${s.target}: not every check holds`, code);
}

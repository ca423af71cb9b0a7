// Completion values of a remote service: its listings walked (the interface has no lookup) until the signal
// aborts, with the profile's credentials. Nothing here may ask anything or write to the terminal.
import { spawn } from 'node:child_process';
import type { ApiClient } from '../../api/client.js';
import type { ResolvedConfig } from '../../config/index.js';
import type { CodeType } from '../../domain/code.js';
import type { EdgeDevice } from '../../domain/edge-device.js';
import type { Organization } from '../../domain/organization.js';
import { userOf } from '../../kit/known-records.js';
import { cliVersion } from '../../kit/version.js';
import type { StoredKind, StoredValues } from '../../server/completion-values.js';

export interface RemoteValues extends StoredValues {
  /** The service answered (or was still answering at the deadline): what was read may be cached. */
  reached: boolean;
}

const PAGE_SIZE = 500;

/**
 * A profile's token-command, run with no terminal (a session of its own, stdin and stderr closed), so a
 * helper that would ask for a passphrase fails instead; undefined when it fails or the signal aborts.
 */
function tokenFromCommand(
  command: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (process.platform === 'win32' || signal.aborted) return resolve(undefined);
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      env,
    });
    let out = '';
    const stop = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve(undefined);
    };
    signal.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', stop);
    child.on('close', (code) => {
      signal.removeEventListener('abort', stop);
      const token = out.trim().split('\n')[0]?.trim();
      resolve(code === 0 && token ? token : undefined);
    });
  });
}

/** The profile's secret from the credential store; none when it does not answer (a completion never fails). */
async function fromKeyring(profile: string): Promise<string | undefined> {
  const { readFromKeyring } = await import('../../kit/keyring.js');
  return readFromKeyring(profile).catch(() => undefined);
}

async function client(cfg: ResolvedConfig, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<ApiClient> {
  const [{ ApiClient }, { tlsOptions }] = await Promise.all([
    import('../../api/client.js'),
    import('../../kit/credentials.js'),
  ]);
  const explicit = cfg.tokenOrigin !== undefined && !cfg.tokenOrigin.startsWith('profile');
  const token =
    cfg.tokenCommand && !explicit
      ? await tokenFromCommand(cfg.tokenCommand, env, signal)
      : (cfg.token ?? (cfg.tokenInKeyring ? await fromKeyring(cfg.profile) : undefined));
  return new ApiClient({
    baseUrl: cfg.baseUrl!,
    token,
    authScheme: cfg.authScheme,
    headers: cfg.headers,
    tls: tlsOptions(cfg),
    timeZone: cfg.timeZone,
    orgUuid: cfg.org,
    userUuid: cfg.user,
    timeoutMs: cfg.timeoutMs,
    parallel: cfg.parallel,
    retries: 0,
    userAgent: `ccp/${cliVersion()}`,
    env,
    signal,
  });
}

/** Reads values of `kind` starting with `prefix` from the service, at most `limit`, until `signal` aborts. */
export async function readRemoteValues(
  cfg: ResolvedConfig,
  kind: StoredKind,
  prefix: string,
  limit: number,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<RemoteValues> {
  const items = new Map<string, string>();
  const add = (value: string | null | undefined, description: string | null | undefined) => {
    if (value?.startsWith(prefix) && !items.has(value)) items.set(value, description ?? '');
    return items.size < limit;
  };
  const result = (complete: boolean, reached: boolean) => ({ items: [...items], complete, reached });
  try {
    const api = await client(cfg, env, signal);
    const page = { pageSize: PAGE_SIZE, all: true };
    if (kind === 'device') {
      const { listEdgeDevices } = await import('../../api/edge-devices.js');
      for await (const d of listEdgeDevices(api, page) as AsyncIterable<Partial<EdgeDevice>>) {
        if (!add(d.serialNumber, d.edgeDeviceName) || !add(d.uuid, d.edgeDeviceName))
          return result(false, true);
      }
    } else if (kind === 'license') {
      // The interface lists licenses only in its licenses report: one request, every license.
      const { listLicenses } = await import('../../api/licenses.js');
      for await (const l of listLicenses(api, page)) {
        const key = l.licenseDetails?.license?.licenseKey;
        const status = l.licenseDetails?.license?.status ?? '';
        if (
          !add(key, `${l.serialNumber ?? ''} ${status}`) ||
          !add(l.serialNumber, `${key ?? ''} ${status}`) ||
          !add(l.uuid, `${l.serialNumber ?? ''} ${status}`)
        )
          return result(false, true);
      }
    } else if (kind === 'codetype') {
      const { listCodeTypes } = await import('../../api/code-types.js');
      for await (const c of listCodeTypes(api, page) as AsyncIterable<Partial<CodeType>>) {
        if (!add(c.codeTypeIdentifier, c.shortDescription)) return result(false, true);
      }
    } else {
      // The interface lists an organization's children only: the tree is walked from the profile's org down.
      if (!cfg.org) return result(true, false);
      const { listSubOrganizations } = await import('../../api/organizations.js');
      if (kind === 'org') add(cfg.org, '');
      const queue = [cfg.org];
      const seen = new Set(queue);
      for (let parent = queue.shift(); parent; parent = queue.shift()) {
        for await (const o of listSubOrganizations(api, parent, page) as AsyncIterable<
          Partial<Organization>
        >) {
          const more = kind === 'org' ? add(o.uuid, o.orgName) : add(o.userUuid, userOf(o));
          if (!more) return result(false, true);
          if (o.uuid && !seen.has(o.uuid)) {
            seen.add(o.uuid);
            queue.push(o.uuid);
          }
        }
      }
    }
    return result(true, true);
  } catch {
    // A deadline reached mid-walk keeps what came; a refusal (401, no such host) is not worth keeping.
    return result(false, signal.aborted);
  }
}

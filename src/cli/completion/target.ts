// The target a completion reads: resolved from the words typed so far (--profile, --base-url, --db, --token...),
// the environment and the profile, as the command being completed would resolve it.
import { createHash } from 'node:crypto';
import type { GlobalFlags, ResolvedConfig } from '../../config/index.js';

/** The flags that choose the target or its credentials, by the GlobalFlags field they fill. */
const TARGET_FLAGS: Record<string, keyof GlobalFlags> = {
  '--base-url': 'baseUrl',
  '--token': 'token',
  '--auth-scheme': 'authScheme',
  '-H': 'headers',
  '--header': 'headers',
  '--ca-file': 'caFile',
  '--client-cert': 'clientCert',
  '--client-key': 'clientKey',
  '--profile': 'profile',
  '--org': 'org',
  '--user': 'user',
  '--db': 'db',
  '--time-zone': 'timeZone',
};

/**
 * The target flags among the words before the one completed. bash splits `--db=x` into `--db`, `=`, `x`;
 * `server clone --from P` reads the service of profile P.
 */
export function targetFlags(words: readonly string[]): GlobalFlags {
  const flags: GlobalFlags = {};
  const set = (field: keyof GlobalFlags, value: string) => {
    // `--token -` reads stdin, which a completion never does.
    if (field === 'token' && value === '-') return;
    flags[field] = field === 'headers' && flags.headers ? `${flags.headers}\n${value}` : value;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') break;
    if (w === '--insecure') flags.insecure = 'true';
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const field = name === '--from' && words.includes('clone') ? 'profile' : TARGET_FLAGS[name];
    if (!field) continue;
    if (eq > 0) {
      set(field, w.slice(eq + 1));
      continue;
    }
    // bash's `--db = x`: the value is two words on.
    const at = words[i + 1] === '=' ? i + 2 : i + 1;
    if (at < words.length) set(field, words[at]!);
    i = at;
  }
  return flags;
}

/**
 * The identity of a target, as the cache is keyed: the database, or the service and where its token comes from
 * (the token, or the token-command that prints it: the cache answers without running it).
 */
export function targetKey(cfg: ResolvedConfig): string {
  if (!cfg.baseUrl) return `db ${cfg.db}`;
  const secret =
    cfg.token ??
    (cfg.tokenCommand ? `command ${cfg.tokenCommand}` : cfg.tokenInKeyring ? `keyring ${cfg.profile}` : '');
  const digest = secret ? createHash('sha256').update(secret).digest('hex') : '';
  return `url ${cfg.baseUrl} org ${cfg.org ?? ''} token ${digest}`;
}

import type { EmbeddedAccess, ProfileReader } from './file.js';
import { ConfigFile } from './file.js';
import { validateValue } from './keys.js';
import {
  type GlobalFlags,
  type ResolvedConfig,
  resolveDb,
  resolveEntries,
  selectProfile,
  toResolvedConfig,
} from './resolve.js';

export { ConfigError } from './config-error.js';
export {
  ConfigFile,
  type ConfigReader,
  configDir,
  type EmbeddedAccess,
  type ProfileReader,
  type ProfileValues,
} from './file.js';
// Everything the key table and the resolution export is this module's API too.
export * from './keys.js';
export * from './resolve.js';

/**
 * The effective configuration: each key from its flag, else its variable, else the profile, else the default.
 * `store`: the config file, if the caller read it already.
 */
export async function resolveConfig(
  flags: GlobalFlags,
  env: NodeJS.ProcessEnv,
  given?: ProfileReader,
): Promise<ResolvedConfig> {
  const store = given ?? (await ConfigFile.read(env));
  const profile = selectProfile(flags, env, store);
  const entries = resolveEntries(flags, env, store, profile);
  const profileDb = entries.find((e) => e.key === 'db' && e.source === 'profile')?.value;
  return toResolvedConfig(profile, entries, resolveDb(flags, env, profileDb), flags.db !== undefined);
}

/** The admin access the embedded server bootstrapped for a database, if any. */
export async function loadEmbeddedAccess(
  dbPath: string,
  env: NodeJS.ProcessEnv,
): Promise<{ token: string; orgUuid: string } | undefined> {
  return (await ConfigFile.open(env)).embeddedAccess(dbPath);
}

export async function saveEmbeddedAccess(
  dbPath: string,
  access: EmbeddedAccess,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  (await ConfigFile.open(env)).setEmbeddedAccess(dbPath, access);
}

/** The database a server command works on: --db, then CCP_DB, then the profile's `db`, then the default. */
export async function resolveServerDb(flags: GlobalFlags, env: NodeJS.ProcessEnv): Promise<string> {
  if (flags.db !== undefined || (env.CCP_DB ?? '') !== '') return resolveDb(flags, env);
  const store = await ConfigFile.read(env);
  const stored = store.profile(selectProfile(flags, env, store)).db;
  return resolveDb(
    flags,
    env,
    stored === undefined ? undefined : validateValue('db', stored, `profile in ${store.path}`),
  );
}

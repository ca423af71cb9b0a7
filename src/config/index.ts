import {
  type GlobalFlags,
  type ResolvedConfig,
  resolveDb,
  resolveEntries,
  selectProfile,
  toResolvedConfig,
} from './resolve.js';
import type { EmbeddedAccess } from './store.js';
import { ConfigStore } from './store.js';

export { ConfigError } from './config-error.js';
// Everything the key table and the resolution export is this module's API too.
export * from './keys.js';
export * from './resolve.js';
export {
  ConfigStore,
  configDir,
  type EmbeddedAccess,
  type ProfileReader,
  type ProfileValues,
} from './store.js';

/** The effective configuration: each key from its flag, else its variable, else the profile, else the default. */
export async function resolveConfig(flags: GlobalFlags, env: NodeJS.ProcessEnv): Promise<ResolvedConfig> {
  const store = await ConfigStore.read(env);
  const profile = selectProfile(flags, env, store);
  const entries = resolveEntries(flags, env, store, profile);
  return toResolvedConfig(profile, entries, resolveDb(flags, env), flags.db !== undefined);
}

/** The admin access the embedded server bootstrapped for a database, if any. */
export async function loadEmbeddedAccess(
  dbPath: string,
  env: NodeJS.ProcessEnv,
): Promise<{ token: string; orgUuid: string } | undefined> {
  return (await ConfigStore.open(env)).embeddedAccess(dbPath);
}

export async function saveEmbeddedAccess(
  dbPath: string,
  access: EmbeddedAccess,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  (await ConfigStore.open(env)).setEmbeddedAccess(dbPath, access);
}

import { defineCommand } from '../../kit/command.js';
import { type ConfigDeps, ensureOption, globalsOf, KEY_ARGUMENT } from './shared.js';

export interface ConfigUnsetOptions {
  key: string;
  profile?: string;
}

/** Removes a key from a profile; the key then falls back to its default. */
export async function runConfigUnset(opts: ConfigUnsetOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { ConfigFile, assertProfileKey, selectProfile } = await import('../../config/index.js');
  const key = assertProfileKey(opts.key);
  const store = await ConfigFile.open(io.env);
  const profile = selectProfile({ profile: opts.profile }, io.env, store);
  let removed = false;
  if (key === 'token' && store.tokenInKeyring(profile)) {
    const { removeFromKeyring } = await import('../../kit/keyring.js');
    await removeFromKeyring(profile);
    store.setTokenInKeyring(profile, false);
    removed = true;
  }
  removed = store.unset(profile, key) || removed;
  io.stderr.write(
    removed ? `Unset ${key} in profile ${profile}\n` : `${key} was not set in profile ${profile}\n`,
  );
}

export const configUnset = defineCommand<ConfigUnsetOptions>({
  name: 'unset',
  description: 'remove a configuration value from a profile',
  examples: ['ccp config unset base-url', 'ccp config unset token --profile staging'],
  declare: (cmd) => {
    cmd.argument('<key>', KEY_ARGUMENT);
    ensureOption(cmd, cmd.parent!, '--profile <name>', 'profile to change (default: the current profile)');
  },
  parse: async (_f, { args, cmd }) => ({ key: args[0] as string, profile: globalsOf(cmd).profile }),
  run: runConfigUnset,
});

import type { Command } from 'commander';
import { examples } from '../../cli/help.js';
import { type ConfigDeps, ensureOption, globalsOf } from './shared.js';

export interface ConfigUnsetOptions {
  key: string;
  profile?: string;
}

/** Removes a key from a profile; the key then falls back to its default. */
export async function runConfigUnset(opts: ConfigUnsetOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { ConfigStore, assertProfileKey, selectProfile } = await import('../../config/index.js');
  const key = assertProfileKey(opts.key);
  const store = await ConfigStore.open(io.env);
  const profile = selectProfile({ profile: opts.profile }, io.env, store);
  const removed = store.unset(profile, key);
  io.stderr.write(
    removed ? `Unset ${key} in profile ${profile}\n` : `${key} was not set in profile ${profile}\n`,
  );
}

export function registerConfigUnset(parent: Command, f: ConfigDeps): Command {
  const cmd = parent
    .command('unset')
    .description('remove a configuration value from a profile')
    .argument('<key>', 'base-url, token, org, user, time-zone, output or timeout');
  ensureOption(cmd, parent, '--profile <name>', 'profile to change (default: the current profile)');
  cmd
    .addHelpText('after', examples('ccp config unset base-url', 'ccp config unset token --profile staging'))
    .action(async (key: string, _opts: unknown, self: Command) => {
      const g = globalsOf(self);
      await runConfigUnset({ key, profile: g.profile }, f);
    });
  return cmd;
}

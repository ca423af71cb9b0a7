import type { Command } from 'commander';
import { verbCommand } from '../../kit/read-verbs.js';
import type { ConfigDeps } from './shared.js';

export interface ConfigUseOptions {
  profile: string;
}

/** Makes an existing profile the current one. */
export async function runConfigUse(opts: ConfigUseOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { ConfigStore } = await import('../../config/index.js');
  const store = await ConfigStore.open(io.env);
  store.useProfile(opts.profile);
  io.stderr.write(`Current profile is now ${opts.profile}\n`);
}

export function registerConfigUse(parent: Command, f: ConfigDeps): Command {
  return verbCommand(
    parent,
    'use',
    'make a profile the current one (CCP_PROFILE and --profile still override it)',
    ['ccp config set --profile staging base-url https://staging.example.com', 'ccp config use staging'],
  )
    .argument('<profile>', 'profile name; create one with `ccp config set --profile NAME ...`')
    .action(async (profile: string) => {
      await runConfigUse({ profile }, f);
    });
}

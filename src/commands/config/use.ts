import { defineCommand } from '../../kit/command.js';
import type { ConfigDeps } from './shared.js';

export interface ConfigUseOptions {
  profile: string;
}

/** Makes an existing profile the current one. */
export async function runConfigUse(opts: ConfigUseOptions, deps: ConfigDeps): Promise<void> {
  const { io } = deps;
  const { ConfigFile } = await import('../../config/index.js');
  const store = await ConfigFile.open(io.env);
  store.useProfile(opts.profile);
  io.stderr.write(`Current profile is now ${opts.profile}\n`);
}

export const configUse = defineCommand<ConfigUseOptions>({
  name: 'use',
  description: 'make a profile the current one (CCP_PROFILE and --profile still override it)',
  examples: [
    'ccp config set --profile staging base-url https://staging.example.com',
    'ccp config use staging',
  ],
  declare: (cmd) => {
    cmd.argument('<profile>', 'profile name; create one with `ccp config set --profile NAME ...`');
  },
  parse: async (_f, { args }) => ({ profile: args[0] as string }),
  run: runConfigUse,
});

import type { Command } from 'commander';
import { examples } from '../../cli/help.js';
import { type ConfigCommandDeps, type ConfigRunContext, contextOf } from './shared.js';

export interface ConfigUseOptions extends ConfigRunContext {
  profile: string;
}

/** Makes an existing profile the current one. */
export async function configUseRun(opts: ConfigUseOptions): Promise<void> {
  const { ConfigStore } = await import('../../config/index.js');
  const store = await ConfigStore.open(opts.env);
  store.useProfile(opts.profile);
  opts.stderr.write(`Current profile is now ${opts.profile}\n`);
}

export function addConfigUse(parent: Command, deps: ConfigCommandDeps): Command {
  return parent
    .command('use')
    .description('make a profile the current one (CCP_PROFILE and --profile still override it)')
    .argument('<profile>', 'profile name; create one with `ccp config set --profile NAME ...`')
    .addHelpText(
      'after',
      examples(
        'ccp config set --profile staging base-url https://staging.example.com',
        'ccp config use staging',
      ),
    )
    .action(async (profile: string) => {
      await configUseRun({ ...contextOf(deps), profile });
    });
}

import type { Command } from 'commander';
import { addConfigGet } from './get.js';
import { addConfigList } from './list.js';
import { addConfigSet } from './set.js';
import type { ConfigCommandDeps } from './shared.js';
import { addConfigUnset } from './unset.js';
import { addConfigUse } from './use.js';

/** `ccp config get|set|unset|list|use`: named profiles in the config file. */
export function registerConfigCommands(program: Command, deps: ConfigCommandDeps): Command {
  const config = program
    .command('config')
    .description(
      'read and change configuration profiles (base URL, token, org, user, time zone, output, timeout)',
    )
    .addHelpText(
      'after',
      '\nPrecedence: a flag, then its environment variable (CCP_BASE_URL, CCP_TOKEN, ...), then the profile, then the default.\n',
    );
  addConfigGet(config, deps);
  addConfigSet(config, deps);
  addConfigUnset(config, deps);
  addConfigList(config, deps);
  addConfigUse(config, deps);
  return config;
}

export type { ConfigCommandDeps } from './shared.js';

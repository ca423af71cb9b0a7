import type { Command } from 'commander';
import { deferVerbs } from '../../kit/verbs.js';
import { registerConfigGet } from './get.js';
import { registerConfigList } from './list.js';
import { registerConfigSet } from './set.js';
import type { ConfigDeps } from './shared.js';
import { registerConfigUnset } from './unset.js';
import { registerConfigUse } from './use.js';

/** `ccp config get|set|unset|list|use`: named profiles in the config file. */
export function registerConfig(program: Command, f: ConfigDeps): Command {
  const config = program
    .command('config')
    .description(
      'read and change configuration profiles (base URL, token, org, user, time zone, output, timeout)',
    )
    .addHelpText(
      'after',
      '\nPrecedence: a flag, then its environment variable (CCP_BASE_URL, CCP_TOKEN, ...), then the profile, then the default.\n',
    );
  return deferVerbs(config, () => {
    registerConfigGet(config, f);
    registerConfigSet(config, f);
    registerConfigUnset(config, f);
    registerConfigList(config, f);
    registerConfigUse(config, f);
  });
}

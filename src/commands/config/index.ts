import { defineGroup } from '../../kit/command.js';
import { configGet } from './get.js';
import { configList } from './list.js';
import { configSet } from './set.js';
import { configUnset } from './unset.js';
import { configUse } from './use.js';

/** `ccp config get|set|unset|list|use`: named profiles in the config file. */
export const configGroup = defineGroup({
  name: 'config',
  description:
    'read and change configuration profiles (base URL, token, org, user, time zone, output, timeout)',
  help: '\nPrecedence: a flag, then its environment variable (CCP_BASE_URL, CCP_TOKEN, ...), then the profile, then the default.\n',
  verbs: [configGet, configSet, configUnset, configList, configUse],
});

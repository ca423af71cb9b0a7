import { defineGroup } from '../../../kit/command.js';
import { orgOptionsAdd } from './add.js';
import { orgOptionsApply } from './apply.js';

/** `ccp org options add|apply`: the interface has no listing of options, so there is no list verb. */
export const orgOptionsGroup = defineGroup({
  name: 'options',
  description: 'Organization options: add, apply',
  verbs: [orgOptionsAdd, orgOptionsApply],
});

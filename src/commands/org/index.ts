import { defineGroup } from '../../kit/command.js';
import { orgGet } from './get.js';
import { orgList } from './list.js';
import { orgOptionsGroup } from './options/index.js';
import { orgUpdate } from './update.js';

export const orgGroup = defineGroup({
  name: 'org',
  description: 'Organizations: list and get sub-organizations, update, options',
  verbs: [orgList, orgGet, orgUpdate, orgOptionsGroup],
});

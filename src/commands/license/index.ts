import { defineGroup } from '../../kit/command.js';
import { licenseActivate } from './activate.js';
import { licenseDeactivate } from './deactivate.js';
import { licenseGet } from './get.js';
import { licenseList } from './list.js';

export const licenseGroup = defineGroup({
  name: 'license',
  description: 'Licenses: list, get, activate, deactivate (by key or uuid)',
  verbs: [licenseList, licenseGet, licenseActivate, licenseDeactivate],
});

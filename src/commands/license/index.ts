import { defineGroup } from '../../kit/command.js';
import { licenseActivate } from './activate.js';
import { licenseDeactivate } from './deactivate.js';

export const licenseGroup = defineGroup({
  name: 'license',
  description: 'Licenses: activate, deactivate',
  verbs: [licenseActivate, licenseDeactivate],
});

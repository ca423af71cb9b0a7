import { defineGroup } from '../../kit/command.js';
import { notifyConfigure } from './configure.js';
import { notifySave } from './save.js';
import { notifyUpdate } from './update.js';

export const notifyGroup = defineGroup({
  name: 'notify',
  aliases: ['notification'],
  description: 'Notifications: save, update, configure for a role',
  verbs: [notifySave, notifyUpdate, notifyConfigure],
});

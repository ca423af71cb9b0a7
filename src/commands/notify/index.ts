import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerNotifyConfigure } from './configure.js';
import { registerNotifySave } from './save.js';
import { registerNotifyUpdate } from './update.js';

export function registerNotify(program: Command, f: Factory): Command {
  const group = program
    .command('notify')
    .alias('notification')
    .description('Notifications: save, update, configure for a role');
  return deferVerbs(group, () => {
    registerNotifySave(group, f);
    registerNotifyUpdate(group, f);
    registerNotifyConfigure(group, f);
  });
}

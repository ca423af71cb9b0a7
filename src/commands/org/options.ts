import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { registerOrgOptionsAdd } from './options-add.js';
import { registerOrgOptionsApply } from './options-apply.js';

/** `ccp org options add|apply`: the interface has no listing of options, so there is no list verb. */
export function registerOrgOptions(parent: Command, f: Factory): Command {
  const group = parent.command('options').description('Organization options: add, apply');
  registerOrgOptionsAdd(group, f);
  registerOrgOptionsApply(group, f);
  return group;
}

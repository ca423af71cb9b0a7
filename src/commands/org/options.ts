import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerOrgOptionsAdd } from './options-add.js';

/** `ccp org options add`: the interface has no listing of options, so add is the one verb. */
export function registerOrgOptions(parent: Command, f: Factory): Command {
  const group = parent.command('options').description('Organization options: add');
  registerOrgOptionsAdd(group, f);
  return group;
}

import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerOrgGet } from './get.js';
import { registerOrgList } from './list.js';
import { registerOrgOptions } from './options.js';
import { registerOrgUpdate } from './update.js';

export function registerOrg(program: Command, f: Factory): Command {
  const group = program
    .command('org')
    .description('Organizations: list and get sub-organizations, update, options');
  return deferVerbs(group, () => {
    registerOrgList(group, f);
    registerOrgGet(group, f);
    registerOrgUpdate(group, f);
    registerOrgOptions(group, f);
  });
}

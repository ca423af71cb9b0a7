import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { deferVerbs } from '../../cli/verbs.js';
import { registerCodeGet } from './get.js';

export function registerCode(program: Command, f: Factory): Command {
  const group = program.command('code').description('Codes: get');
  return deferVerbs(group, () => {
    registerCodeGet(group, f);
  });
}

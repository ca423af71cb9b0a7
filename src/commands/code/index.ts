import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerCodeGet } from './get.js';

export function registerCode(program: Command, f: Factory): Command {
  const group = program.command('code').description('Codes: get');
  return deferVerbs(group, () => {
    registerCodeGet(group, f);
  });
}

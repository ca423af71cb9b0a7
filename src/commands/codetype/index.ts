import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { deferVerbs } from '../../cli/verbs.js';
import { registerCodeTypeGet } from './get.js';
import { registerCodeTypeList } from './list.js';

export function registerCodeType(program: Command, f: Factory): Command {
  const group = program.command('codetype').description('Code types: list, get');
  return deferVerbs(group, () => {
    registerCodeTypeList(group, f);
    registerCodeTypeGet(group, f);
  });
}

import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerCodeTypeGet } from './get.js';
import { registerCodeTypeList } from './list.js';

export function registerCodeType(program: Command, f: Factory): Command {
  const group = program.command('codetype').description('Code types: list, get');
  registerCodeTypeList(group, f);
  registerCodeTypeGet(group, f);
  return group;
}

import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerCodeTypeList } from './list.js';

export function registerCodeType(program: Command, f: Factory): Command {
  const group = program.command('codetype').description('Code types: list');
  registerCodeTypeList(group, f);
  return group;
}

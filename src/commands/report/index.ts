import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerReportDownload } from './download.js';

export function registerReport(program: Command, f: Factory): Command {
  const group = program.command('report').description('Reports: download');
  registerReportDownload(group, f);
  return group;
}

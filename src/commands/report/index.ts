import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { deferVerbs } from '../../cli/verbs.js';
import { registerReportDownload } from './download.js';

export function registerReport(program: Command, f: Factory): Command {
  const group = program.command('report').description('Reports: download');
  return deferVerbs(group, () => {
    registerReportDownload(group, f);
  });
}

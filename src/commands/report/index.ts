import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerReportDownload } from './download.js';

export function registerReport(program: Command, f: Factory): Command {
  const group = program.command('report').description('Reports: download');
  return deferVerbs(group, () => {
    registerReportDownload(group, f);
  });
}

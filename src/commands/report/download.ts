import { type Command, Option } from 'commander';
import {
  REPORT_FILE_TYPES,
  REPORT_TEMPLATES,
  type ReportFileType,
  type ReportTemplate,
} from '../../domain/report-kinds.js';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import { dryRunTarget } from '../../kit/write/dry-run.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { writeDeps } from '../../kit/write/send.js';

interface DownloadFlags extends WriteFlags {
  template?: ReportTemplate;
  type?: ReportFileType;
  out?: string;
  force?: boolean;
}

export function registerReportDownload(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('download')
    .description('Download a report (POST /download) and save it')
    .addOption(new Option('--template <key>', 'the report').choices(REPORT_TEMPLATES))
    .addOption(new Option('--type <type>', 'the file type').choices(REPORT_FILE_TYPES))
    .addOption(
      new Option(
        '-O, --out <path>',
        "where to save it: a folder or a file (default: the report's name here); - for stdout",
      ),
    )
    .addOption(new Option('--force', 'overwrite an existing file'));
  addDryRunFlag(cmd).addHelpText(
    'after',
    examples(
      'ccp report download --template edge-devices --type pdf',
      'ccp report download --template licenses --type csv -O reports/',
      'ccp report download --template code-types --type json -O - | jq .',
    ),
  );
  cmd.action(async (flags: DownloadFlags) => {
    const template =
      flags.template ??
      (await f.prompter.select({ message: 'Report', flag: '--template', choices: REPORT_TEMPLATES }));
    const type =
      flags.type ??
      (await f.prompter.select({ message: 'File type', flag: '--type', choices: REPORT_FILE_TYPES }));
    // The behaviour loads here, so help and other commands never load it.
    const { runReportDownload } = await import('./download-run.js');
    const dryRun = flags.dryRun ? await dryRunTarget(f) : undefined;
    await runReportDownload(
      {
        dryRun,
        template,
        type,
        out: flags.out,
        force: flags.force === true,
        cwd: process.cwd(),
        now: () => f.clock.now(),
      },
      writeDeps(f),
    );
  });
  return cmd;
}

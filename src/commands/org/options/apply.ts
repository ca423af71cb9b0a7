import { Option } from 'commander';
import type { OrgOptionsApplyOptions } from '../../../kit/apply/options.js';
import { defineCommand } from '../../../kit/command.js';
import { outputSpec } from '../../../kit/printing.js';
import { addFileFlags, type WriteFlags } from '../../../kit/write/flags.js';
import { requireRecordUuid, requireValue } from '../../../kit/write/prompts.js';
import { writeSkeleton } from '../../../kit/write/skeleton.js';
import { OPTION_EXAMPLE } from './add.js';

interface OptionsApplyFlags extends WriteFlags {
  yes?: boolean;
}

export const orgOptionsApply = defineCommand<OrgOptionsApplyOptions>({
  name: 'apply',
  description: 'Set the organization options a file gives (key/value records): plan, then apply',
  examples: [
    'ccp org options apply b58f93c5-e752-4a3d-b848-9e5dc516822b -f options.yaml --dry-run',
    'ccp org options apply b58f93c5-e752-4a3d-b848-9e5dc516822b -f options.csv --yes',
  ],
  declare: (cmd) =>
    addFileFlags(cmd.argument('[orgUuid]', 'the organization'), 'the options as they should be')
      .addOption(new Option('--dry-run', 'print the plan and send nothing'))
      .addOption(new Option('-y, --yes', 'apply without asking (a terminal asks first; a script never does)'))
      .addHelpText(
        'after',
        `
The service has no operation that reads options, so the plan cannot show stored values or leave unchanged
keys out: every key of the file is set (created or updated by key). Applying the same file again changes
nothing stored.`,
      ),
  parse: async (f, { args, flags: typed }) => {
    const flags = typed as OptionsApplyFlags;
    if (flags.skeleton) {
      const { OrganizationOptionInput } = await import('../../../domain/organization.js');
      await writeSkeleton(f.io, OrganizationOptionInput, OPTION_EXAMPLE, flags.format);
      return undefined;
    }
    const org = await requireRecordUuid(f, args[0] as string | undefined, {
      kind: 'org',
      flag: '<orgUuid>',
      message: 'Organization uuid',
    });
    const file = await requireValue(f, flags.file, {
      flag: '-f',
      message: 'File with the options',
    });
    return {
      io: f.io,
      api: () => f.api(),
      prompter: f.prompter,
      output: await outputSpec(f, 'organizationOption'),
      orgUuid: org,
      file,
      format: flags.format,
      ignoreUnknown: flags.ignoreUnknown === true,
      dryRun: flags.dryRun === true,
      yes: flags.yes === true,
    };
  },
  run: async (opts) => {
    // The behaviour and its schemas load here, so help and other commands never load zod.
    const { runOrgOptionsApply } = await import('../../../kit/apply/options.js');
    await runOrgOptionsApply(opts);
  },
});

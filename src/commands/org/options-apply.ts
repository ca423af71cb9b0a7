import { type Command, Option } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import { outputSpec } from '../../kit/output.js';
import { addFileFlags, type WriteFlags } from '../../kit/write/flags.js';
import { requireValue } from '../../kit/write/prompts.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';
import { OPTION_EXAMPLE } from './options-add.js';

interface OptionsApplyFlags extends WriteFlags {
  yes?: boolean;
}

export function registerOrgOptionsApply(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('apply')
    .description('Set the organization options a file gives (key/value records): plan, then apply')
    .argument('[orgUuid]', 'the organization');
  addFileFlags(cmd, 'the options as they should be')
    .addOption(new Option('--dry-run', 'print the plan and send nothing'))
    .addOption(new Option('-y, --yes', 'apply without asking (a terminal asks first; a script never does)'))
    .addHelpText(
      'after',
      `
The service has no operation that reads options, so the plan cannot show stored values or leave unchanged
keys out: every key of the file is set (created or updated by key). Applying the same file again changes
nothing stored.
${examples(
  'ccp org options apply b58f93c5-e752-4a3d-b848-9e5dc516822b -f options.yaml --dry-run',
  'ccp org options apply b58f93c5-e752-4a3d-b848-9e5dc516822b -f options.csv --yes',
)}`,
    )
    .action(async (orgUuid: string | undefined, flags: OptionsApplyFlags) => {
      if (flags.skeleton) {
        const { OrganizationOptionInput } = await import('../../domain/organization.js');
        return writeSkeleton(f.io, OrganizationOptionInput, OPTION_EXAMPLE, flags.format);
      }
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('../../kit/apply/options.js');
      const org = await requireValue(f.prompter, orgUuid, {
        flag: '<orgUuid>',
        message: 'Organization uuid',
        uuid: true,
      });
      const file = await requireValue(f.prompter, flags.file, {
        flag: '-f',
        message: 'File with the options',
      });
      await run.runOrgOptionsApply({
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
      });
    });
  return cmd;
}

import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { outputSpec } from '../../cli/output.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  type WriteFlags,
  writeContext,
} from '../../cli/write-helpers.js';

export function registerOrgOptionsAdd(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('add')
    .description('Add or replace organization options by key (POST /org/options/org/{orgUuid}/add)')
    .argument('[orgUuid]', 'the organization')
    .argument('[KEY=VALUE...]', 'options to set');
  addFileFlags(cmd, 'options');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp org options add a0000000-0000-4000-8000-000000000001 retention.days=30 alerts.email=ops@acme.example',
        'ccp org options add a0000000-0000-4000-8000-000000000001 -f options.csv',
      ),
    )
    .action(async (orgUuid: string | undefined, assignments: string[], flags: WriteFlags & FileFlags) => {
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./options-add-run.js');
      if (flags.skeleton) {
        run.writeOptionsSkeleton(f.io);
        return;
      }
      const { org, options } = await run.optionsAddInput(f, orgUuid, assignments, flags);
      await run.runOrgOptionsAdd({
        ...writeContext(f, flags),
        output: await outputSpec(f, 'organizationOption'),
        orgUuid: org,
        options,
      });
    });
  return cmd;
}

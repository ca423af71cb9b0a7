import { type Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { outputSpec } from '../../cli/output.js';
import { addDryRunFlag, type WriteFlags, writeContext } from '../../cli/write-helpers.js';

export interface ConfigureFlags extends WriteFlags {
  notification?: string;
  role?: string;
  applyToSubOrganizations?: boolean;
}

export function registerNotifyConfigure(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('configure')
    .description('Configure a notification for a role (POST /notification/configure)')
    .addOption(new Option('--notification <uuid>', 'the notification'))
    .addOption(new Option('--role <uuid>', 'the role it is for'))
    .addOption(new Option('--apply-to-sub-organizations', 'apply it to the sub-organizations too'))
    .addHelpText(
      'after',
      examples(
        'ccp notify configure --notification e0000000-0000-4000-8000-000000000001 --role 70000000-0000-4000-8000-000000000001',
        '# for another organization of your scope, and its sub-organizations',
        'ccp notify configure --notification $N --role $R --org $ORG --apply-to-sub-organizations',
      ),
    );
  addDryRunFlag(cmd).action(async (flags: ConfigureFlags) => {
    // The behaviour and its schemas load here, so help and other commands never load zod.
    const run = await import('./configure-run.js');
    const record = await run.configureRecord(f, flags);
    await run.runNotifyConfigure({
      ...writeContext(f, flags),
      output: await outputSpec(f, 'notificationConfiguration'),
      record,
    });
  });
  return cmd;
}

import { type Command, Option } from 'commander';
import type { z } from 'zod';
import { configureNotificationRequest } from '../../api/notification-writes.js';
import { sendWrite } from '../../api/write-request.js';
import type { Factory } from '../../cli/factory.js';
import { type OutputSpec, outputSpec, writeRecords } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import {
  addDryRunFlag,
  flagRecord,
  requireValue,
  type WriteContext,
  type WriteFlags,
  writeContext,
  writeDryRun,
} from '../../cli/write-helpers.js';
import { type NotificationConfiguration, NotificationConfigurationInput } from '../../domain/notification.js';

interface ConfigureFlags extends WriteFlags {
  notification?: string;
  role?: string;
  applyToSubOrganizations?: boolean;
}

type ConfigurationInput = z.infer<typeof NotificationConfigurationInput>;

export interface NotifyConfigureOptions extends WriteContext {
  output: OutputSpec;
  record: ConfigurationInput;
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
    const notificationUuid = await requireValue(f.prompter, flags.notification, {
      flag: '--notification',
      message: 'Notification uuid',
      uuid: true,
    });
    const roleUuid = await requireValue(f.prompter, flags.role, {
      flag: '--role',
      message: 'Role uuid',
      uuid: true,
    });
    // --org is the global flag; without it (or a profile's org) the server uses the token's organization.
    const { org } = await f.config();
    const record = flagRecord(
      NotificationConfigurationInput,
      {
        notificationUuid,
        roleUuid,
        organizationUuid: org?.toLowerCase(),
        applyToSubOrganizaitons: flags.applyToSubOrganizations === true,
      },
      { notificationUuid: '--notification', roleUuid: '--role', organizationUuid: '--org' },
    );
    await runNotifyConfigure({
      ...writeContext(f, flags),
      output: await outputSpec(f, 'notificationConfiguration'),
      record,
    });
  });
  return cmd;
}

export async function runNotifyConfigure(opts: NotifyConfigureOptions): Promise<NotificationConfiguration[]> {
  const req = configureNotificationRequest(opts.record);
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<NotificationConfiguration>(await opts.api(), req);
  await writeRecords(
    opts.io,
    opts.output,
    'notificationConfiguration',
    ex.envelope.data,
    'No configuration returned.',
  );
  return ex.envelope.data;
}

import { Option } from 'commander';
import type { z } from 'zod';
import { configureNotificationRequest } from '../../api/notifications.js';
import type { NotificationConfiguration, NotificationConfigurationInput } from '../../domain/notification.js';
import { defineCommand } from '../../kit/command.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { flagRecord } from '../../kit/write/input.js';
import { requireUuid } from '../../kit/write/prompts.js';
import {
  sendAndPrint,
  type WriteDeps,
  type WriteOutput,
  writeDeps,
  writeOutput,
} from '../../kit/write/send.js';

type ConfigurationInput = z.infer<typeof NotificationConfigurationInput>;

export interface NotifyConfigureOptions extends WriteOutput {
  record: ConfigurationInput;
}

interface ConfigureFlags extends WriteFlags {
  notification?: string;
  role?: string;
  applyToSubOrganizations?: boolean;
}

export const notifyConfigure = defineCommand<NotifyConfigureOptions>({
  name: 'configure',
  description: 'Configure a notification for a role (POST /notification/configure)',
  examples: [
    'ccp notify configure --notification 17a2b563-76ef-42ea-bc11-3835101795c6 --role 9c2c4193-a6c6-46c0-b927-90c28b3e56fb',
    '# for another organization of your scope, and its sub-organizations',
    'ccp notify configure --notification $N --role $R --org $ORG --apply-to-sub-organizations',
  ],
  declare: (cmd) =>
    addDryRunFlag(
      cmd
        .addOption(new Option('--notification <uuid>', 'the notification'))
        .addOption(new Option('--role <uuid>', 'the role it is for'))
        .addOption(new Option('--apply-to-sub-organizations', 'apply it to the sub-organizations too')),
    ),
  parse: async (f, { flags: typed }) => {
    const flags = typed as ConfigureFlags;
    // The schema loads here, so help and other commands never load zod.
    const { NotificationConfigurationInput } = await import('../../domain/notification.js');
    const notificationUuid = await requireUuid(f, flags.notification, '--notification', 'Notification uuid');
    const roleUuid = await requireUuid(f, flags.role, '--role', 'Role uuid');
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
    return { record, ...(await writeOutput(f, flags, 'notificationConfiguration')) };
  },
  run: (opts, f) => runNotifyConfigure(opts, writeDeps(f)),
});

export async function runNotifyConfigure(
  opts: NotifyConfigureOptions,
  deps: WriteDeps,
): Promise<NotificationConfiguration[]> {
  return sendAndPrint<NotificationConfiguration>(opts, deps, configureNotificationRequest(opts.record), {
    kind: 'notificationConfiguration',
    subject: `notification ${opts.record.notificationUuid}`,
    summary: () =>
      `Configured notification ${opts.record.notificationUuid} for role ${opts.record.roleUuid}.`,
  });
}

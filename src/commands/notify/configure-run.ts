// What `ccp notify configure` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import type { z } from 'zod';
import { configureNotificationRequest } from '../../api/notifications.js';
import type { Factory } from '../../cli/factory.js';
import type { OutputSpec } from '../../cli/output.js';
import { flagRecord, requireValue, type WriteContext } from '../../cli/write-helpers.js';
import { sendAndPrint } from '../../cli/write-send.js';
import { type NotificationConfiguration, NotificationConfigurationInput } from '../../domain/notification.js';
import type { ConfigureFlags } from './configure.js';

type ConfigurationInput = z.infer<typeof NotificationConfigurationInput>;

export interface NotifyConfigureOptions extends WriteContext {
  output: OutputSpec;
  record: ConfigurationInput;
}

/** The configuration from the flags (and the global --org). */
export async function configureRecord(f: Factory, flags: ConfigureFlags): Promise<ConfigurationInput> {
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
  return record;
}

export async function runNotifyConfigure(opts: NotifyConfigureOptions): Promise<NotificationConfiguration[]> {
  const req = configureNotificationRequest(opts.record);
  return sendAndPrint<NotificationConfiguration>(
    opts,
    req,
    'notificationConfiguration',
    'No configuration returned.',
  );
}

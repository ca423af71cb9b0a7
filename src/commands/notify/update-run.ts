// What `ccp notify update` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import type { z } from 'zod';
import { updateNotificationsRequest } from '../../api/notifications.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import type { OutputSpec } from '../../cli/output.js';
import {
  flagRecord,
  readInputFile,
  requireValue,
  type WriteContext,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { sendAndPrint } from '../../cli/write-send.js';
import { type Notification, NotificationUpdate } from '../../domain/notification.js';
import { activeFlag, NOTIFICATION_EXAMPLE, notificationOptions } from './shared.js';
import type { UpdateFlags } from './update.js';

type NotificationUpdateRecord = z.infer<typeof NotificationUpdate>;

export interface NotifyUpdateOptions extends WriteContext {
  output: OutputSpec;
  records: NotificationUpdateRecord[];
}

export function writeUpdateSkeleton(io: IO): void {
  writeSkeleton(io, NotificationUpdate, {
    uuid: '00000000-0000-0000-0000-000000000000',
    ...NOTIFICATION_EXAMPLE,
  });
}

/** The notifications to update: from -f, or one from <uuid>, --type and --option. */
export async function updateRecords(
  f: Factory,
  uuid: string | undefined,
  flags: UpdateFlags,
): Promise<NotificationUpdateRecord[]> {
  if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
  let records: NotificationUpdateRecord[];
  if (flags.file !== undefined) {
    if (uuid !== undefined || flags.type !== undefined || flags.option !== undefined) {
      throw new UsageError('give either -f FILE or <uuid> with --type/--option, not both');
    }
    records = (await readInputFile(f.io, flags.file, NotificationUpdate, flags.format)).map((r) => r.record);
  } else {
    const id = await requireValue(f.prompter, uuid, {
      flag: '<uuid>',
      message: 'Notification uuid',
      uuid: true,
      orElse: '-f FILE with the notifications to update',
    });
    const type = await requireValue(f.prompter, flags.type, {
      flag: '--type',
      message: 'Notification type',
    });
    const record = {
      uuid: id,
      type,
      isActive: activeFlag(flags),
      notificationOptions: notificationOptions(flags.option) ?? [],
    };
    records = [
      flagRecord(NotificationUpdate, record, {
        uuid: '<uuid>',
        type: '--type',
        notificationOptions: '--option',
      }),
    ];
  }
  return records;
}

export async function runNotifyUpdate(opts: NotifyUpdateOptions): Promise<Notification[]> {
  const req = updateNotificationsRequest(opts.records);
  return sendAndPrint<Notification>(opts, req, 'notification', 'No notifications returned.');
}

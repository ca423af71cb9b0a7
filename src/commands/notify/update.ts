import type { z } from 'zod';
import { updateNotificationsRequest } from '../../api/notifications.js';
import type { Notification, NotificationUpdate } from '../../domain/notification.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import { addDryRunFlag, addFileFlags } from '../../kit/write/flags.js';
import { flagRecord } from '../../kit/write/input.js';
import { requireValue } from '../../kit/write/prompts.js';
import { recordOptions, sendRecords, type WriteRecords } from '../../kit/write/records.js';
import { count, type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';
import {
  activeFlag,
  addNotificationFlags,
  NOTIFICATION_EXAMPLE,
  type NotifyFlags,
  notificationOptions,
} from './shared.js';

type NotificationUpdateRecord = z.infer<typeof NotificationUpdate>;

export type NotifyUpdateOptions = WriteRecords<NotificationUpdateRecord>;

const UPDATE_EXAMPLE = { uuid: '00000000-0000-0000-0000-000000000000', ...NOTIFICATION_EXAMPLE };

export const notifyUpdate = defineCommand<NotifyUpdateOptions>({
  name: 'update',
  description:
    'Update notifications by uuid: only the fields given change; --option replaces the options (PUT /notification)',
  examples: [
    'ccp notify update 17a2b563-76ef-42ea-bc11-3835101795c6 --type SMS --option phone=+911234567890',
    'ccp notify update -f notifications.json',
  ],
  declare: (cmd) =>
    addDryRunFlag(
      addFileFlags(
        addNotificationFlags(cmd.argument('[uuid]', 'the notification to update')),
        'notifications',
      ),
    ),
  parse: async (f, { args, flags: typed }) => {
    const uuid = args[0] as string | undefined;
    const flags = typed as NotifyFlags;
    // The schema loads here, so help and other commands never load zod.
    const { NotificationUpdate } = await import('../../domain/notification.js');
    if (flags.skeleton) {
      await writeSkeleton(f.io, NotificationUpdate, UPDATE_EXAMPLE, flags.format);
      return undefined;
    }
    if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
    return recordOptions(f, flags, NotificationUpdate, {
      kind: 'notification',
      clash:
        uuid !== undefined || flags.type !== undefined || flags.option !== undefined
          ? 'give either -f FILE or <uuid> with --type/--option, not both'
          : undefined,
      fromFlags: async () => {
        const id = await requireValue(f, uuid, {
          flag: '<uuid>',
          message: 'Notification uuid',
          uuid: true,
          orElse: '-f FILE with the notifications to update',
        });
        // Only what the flags give is sent: the service keeps the type, state and options not sent.
        const isActive = activeFlag(flags);
        const options = notificationOptions(flags.option);
        const record = {
          uuid: id,
          ...(flags.type !== undefined ? { type: flags.type } : {}),
          ...(isActive !== undefined ? { isActive } : {}),
          ...(options !== undefined ? { notificationOptions: options } : {}),
        };
        if (Object.keys(record).length === 1) {
          throw new UsageError('nothing to update', {
            hint: 'pass --type, --option NAME=VALUE, --active or --inactive, or -f FILE',
          });
        }
        const flagOf = { uuid: '<uuid>', type: '--type', notificationOptions: '--option' };
        return [flagRecord(NotificationUpdate, record, flagOf)];
      },
    });
  },
  run: (opts, f) => runNotifyUpdate(opts, writeDeps(f)),
});

export async function runNotifyUpdate(opts: NotifyUpdateOptions, deps: WriteDeps): Promise<Notification[]> {
  return sendRecords<Notification>(
    opts,
    deps,
    updateNotificationsRequest(opts.records),
    'notification',
    (saved) => `Updated ${count(saved.length, 'notification')}.`,
  );
}

import { saveNotificationsRequest } from '../../api/notifications.js';
import type { Notification } from '../../domain/notification.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import { addDryRunFlag, addFileFlags } from '../../kit/write/flags.js';
import { flagRecord } from '../../kit/write/input.js';
import { recordOptions, sendRecords, type WriteRecords } from '../../kit/write/records.js';
import { count, type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';
import { addNotificationFlags, NOTIFICATION_EXAMPLE, type NotifyFlags, notificationOf } from './shared.js';

export type NotifySaveOptions = WriteRecords<Notification>;

export const notifySave = defineCommand<NotifySaveOptions>({
  name: 'save',
  description: 'Create notifications with their options (POST /notification)',
  examples: [
    'ccp notify save --type EMAIL --option recipient=ops@acme.example --option subject="Device offline"',
    'ccp notify save -f notifications.json',
    'ccp notify save --skeleton > notifications.json',
  ],
  declare: (cmd) => addDryRunFlag(addFileFlags(addNotificationFlags(cmd), 'notifications')),
  parse: async (f, { flags: typed }) => {
    const flags = typed as NotifyFlags;
    // The schema loads here, so help and other commands never load zod.
    const { Notification } = await import('../../domain/notification.js');
    if (flags.skeleton) {
      await writeSkeleton(f.io, Notification, NOTIFICATION_EXAMPLE, flags.format);
      return undefined;
    }
    if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
    return recordOptions(f, flags, Notification, {
      kind: 'notification',
      clash:
        flags.type !== undefined || flags.option !== undefined
          ? 'give either -f FILE or --type/--option, not both'
          : undefined,
      fromFlags: async () => {
        const record = await notificationOf(f, flags, '-f FILE with the notifications');
        return [flagRecord(Notification, record, { type: '--type', notificationOptions: '--option' })];
      },
    });
  },
  run: (opts, f) => runNotifySave(opts, writeDeps(f)),
});

export async function runNotifySave(opts: NotifySaveOptions, deps: WriteDeps): Promise<Notification[]> {
  return sendRecords<Notification>(
    opts,
    deps,
    saveNotificationsRequest(opts.records),
    'notification',
    (saved) => `Saved ${count(saved.length, 'notification')}.`,
  );
}

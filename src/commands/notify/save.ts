import type { Command } from 'commander';
import { saveNotificationsRequest } from '../../api/notifications.js';
import type { Notification } from '../../domain/notification.js';
import { UsageError } from '../../kit/errors.js';
import type { Factory } from '../../kit/factory.js';
import { flagRecord } from '../../kit/write/input.js';
import { addRecordFlags, sendFileOrFlags, sendRecords, type WriteRecords } from '../../kit/write/records.js';
import { count, type WriteDeps } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';
import { addNotificationFlags, NOTIFICATION_EXAMPLE, type NotifyFlags, notificationOf } from './shared.js';

export type NotifySaveOptions = WriteRecords<Notification>;

export function registerNotifySave(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('save')
    .description('Create notifications with their options (POST /notification)');
  addNotificationFlags(cmd);
  addRecordFlags(
    cmd,
    'notifications',
    'ccp notify save --type EMAIL --option recipient=ops@acme.example --option subject="Device offline"',
    'ccp notify save -f notifications.json',
    'ccp notify save --skeleton > notifications.json',
  ).action(async (flags: NotifyFlags) => {
    // The schema loads here, so help and other commands never load zod.
    const { Notification } = await import('../../domain/notification.js');
    if (flags.skeleton) return writeSkeleton(f.io, Notification, NOTIFICATION_EXAMPLE, flags.format);
    if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
    await sendFileOrFlags(f, flags, Notification, {
      kind: 'notification',
      clash:
        flags.type !== undefined || flags.option !== undefined
          ? 'give either -f FILE or --type/--option, not both'
          : undefined,
      fromFlags: async () => {
        const record = await notificationOf(f, flags, '-f FILE with the notifications');
        return [flagRecord(Notification, record, { type: '--type', notificationOptions: '--option' })];
      },
      run: runNotifySave,
    });
  });
  return cmd;
}

export async function runNotifySave(opts: NotifySaveOptions, deps: WriteDeps): Promise<Notification[]> {
  return sendRecords<Notification>(
    opts,
    deps,
    saveNotificationsRequest(opts.records),
    'notification',
    (saved) => `Saved ${count(saved.length, 'notification')}.`,
  );
}

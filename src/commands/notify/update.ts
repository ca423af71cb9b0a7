import type { Command } from 'commander';
import type { z } from 'zod';
import { updateNotificationsRequest } from '../../api/notifications.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { addDryRunFlag, addFileFlags, type WriteFlags } from '../../cli/write/flags.js';
import { flagRecord, readInputFile } from '../../cli/write/input.js';
import { requireValue } from '../../cli/write/prompts.js';
import {
  count,
  sendAndPrint,
  subjectOf,
  type WriteDeps,
  type WriteOutput,
  writeDeps,
  writeOutput,
} from '../../cli/write/send.js';
import { writeSkeleton } from '../../cli/write/skeleton.js';
import type { Notification, NotificationUpdate } from '../../domain/notification.js';
import {
  activeFlag,
  addNotificationFlags,
  NOTIFICATION_EXAMPLE,
  type NotificationFlags,
  notificationOptions,
} from './shared.js';

type NotificationUpdateRecord = z.infer<typeof NotificationUpdate>;

export interface NotifyUpdateOptions extends WriteOutput {
  records: NotificationUpdateRecord[];
  file?: string;
}

const UPDATE_EXAMPLE = { uuid: '00000000-0000-0000-0000-000000000000', ...NOTIFICATION_EXAMPLE };

export function registerNotifyUpdate(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('update')
    .description('Update notifications by uuid, replacing their options (PUT /notification)')
    .argument('[uuid]', 'the notification to update');
  addNotificationFlags(cmd);
  addFileFlags(cmd, 'notifications');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp notify update e0000000-0000-4000-8000-000000000001 --type SMS --option phone=+911234567890',
        'ccp notify update -f notifications.json',
      ),
    )
    .action(async (uuid: string | undefined, flags: WriteFlags & NotificationFlags) => {
      // The schema loads here, so help and other commands never load zod.
      const { NotificationUpdate } = await import('../../domain/notification.js');
      if (flags.skeleton) return writeSkeleton(f.io, NotificationUpdate, UPDATE_EXAMPLE, flags.format);
      if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
      let records: NotificationUpdateRecord[];
      if (flags.file !== undefined) {
        if (uuid !== undefined || flags.type !== undefined || flags.option !== undefined) {
          throw new UsageError('give either -f FILE or <uuid> with --type/--option, not both');
        }
        const read = await readInputFile(f.io, { ...flags, file: flags.file }, NotificationUpdate);
        records = read.map((r) => r.record);
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
        const flagOf = { uuid: '<uuid>', type: '--type', notificationOptions: '--option' };
        records = [flagRecord(NotificationUpdate, record, flagOf)];
      }
      const output = await writeOutput(f, flags, 'notification');
      await runNotifyUpdate({ records, file: flags.file, ...output }, writeDeps(f));
    });
  return cmd;
}

export async function runNotifyUpdate(opts: NotifyUpdateOptions, deps: WriteDeps): Promise<Notification[]> {
  return sendAndPrint<Notification>(opts, deps, updateNotificationsRequest(opts.records), {
    kind: 'notification',
    subject: subjectOf(opts.records, opts.file),
    summary: (saved) => `Updated ${count(saved.length, 'notification')}.`,
  });
}

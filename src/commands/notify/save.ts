import type { Command } from 'commander';
import { saveNotificationsRequest } from '../../api/notifications.js';
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
import type { Notification } from '../../domain/notification.js';
import {
  activeFlag,
  addNotificationFlags,
  NOTIFICATION_EXAMPLE,
  type NotificationFlags,
  notificationOptions,
} from './shared.js';

export interface NotifySaveOptions extends WriteOutput {
  records: Notification[];
  file?: string;
}

export function registerNotifySave(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('save')
    .description('Create notifications with their options (POST /notification)');
  addNotificationFlags(cmd);
  addFileFlags(cmd, 'notifications');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp notify save --type EMAIL --option recipient=ops@acme.example --option subject="Device offline"',
        'ccp notify save -f notifications.json',
        'ccp notify save --skeleton > notifications.json',
      ),
    )
    .action(async (flags: WriteFlags & NotificationFlags) => {
      // The schema loads here, so help and other commands never load zod.
      const { Notification } = await import('../../domain/notification.js');
      if (flags.skeleton) return writeSkeleton(f.io, Notification, NOTIFICATION_EXAMPLE, flags.format);
      if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
      let records: Notification[];
      if (flags.file !== undefined) {
        if (flags.type !== undefined || flags.option !== undefined) {
          throw new UsageError('give either -f FILE or --type/--option, not both');
        }
        const read = await readInputFile(f.io, { ...flags, file: flags.file }, Notification);
        records = read.map((r) => r.record);
      } else {
        const type = await requireValue(f.prompter, flags.type, {
          flag: '--type',
          message: 'Notification type',
          orElse: '-f FILE with the notifications',
        });
        const record = {
          type,
          isActive: activeFlag(flags),
          notificationOptions: notificationOptions(flags.option),
        };
        records = [flagRecord(Notification, record, { type: '--type', notificationOptions: '--option' })];
      }
      const output = await writeOutput(f, flags, 'notification');
      await runNotifySave({ records, file: flags.file, ...output }, writeDeps(f));
    });
  return cmd;
}

export async function runNotifySave(opts: NotifySaveOptions, deps: WriteDeps): Promise<Notification[]> {
  return sendAndPrint<Notification>(opts, deps, saveNotificationsRequest(opts.records), {
    kind: 'notification',
    subject: subjectOf(opts.records, opts.file),
    summary: (saved) => `Saved ${count(saved.length, 'notification')}.`,
  });
}

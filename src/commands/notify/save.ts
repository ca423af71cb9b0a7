import type { Command } from 'commander';
import { saveNotificationsRequest } from '../../api/notification-writes.js';
import { sendWrite } from '../../api/write-request.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { type OutputSpec, outputSpec, writeRecords } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  flagRecord,
  readInputFile,
  requireValue,
  type WriteContext,
  type WriteFlags,
  writeContext,
  writeDryRun,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { Notification } from '../../domain/notification.js';
import {
  activeFlag,
  addNotificationFlags,
  NOTIFICATION_EXAMPLE,
  type NotificationFlags,
  notificationOptions,
} from './shared.js';

type SaveFlags = WriteFlags & FileFlags & NotificationFlags & { inactive?: boolean };

export interface NotifySaveOptions extends WriteContext {
  output: OutputSpec;
  records: Notification[];
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
    .action(async (flags: SaveFlags) => {
      if (flags.skeleton) {
        writeSkeleton(f.io, Notification, NOTIFICATION_EXAMPLE);
        return;
      }
      if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
      let records: Notification[];
      if (flags.file !== undefined) {
        if (flags.type !== undefined || flags.option !== undefined) {
          throw new UsageError('give either -f FILE or --type/--option, not both');
        }
        records = (await readInputFile(f.io, flags.file, Notification, flags.format)).map((r) => r.record);
      } else {
        const type = await requireValue(f.prompter, flags.type, {
          flag: '--type',
          message: 'Notification type',
        });
        const record = {
          type,
          isActive: activeFlag(flags),
          notificationOptions: notificationOptions(flags.option),
        };
        records = [flagRecord(Notification, record, { type: '--type', notificationOptions: '--option' })];
      }
      await runNotifySave({
        ...writeContext(f, flags),
        output: await outputSpec(f, 'notification'),
        records,
      });
    });
  return cmd;
}

export async function runNotifySave(opts: NotifySaveOptions): Promise<Notification[]> {
  const req = saveNotificationsRequest(opts.records);
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<Notification>(await opts.api(), req);
  await writeRecords(opts.io, opts.output, 'notification', ex.envelope.data, 'No notifications returned.');
  return ex.envelope.data;
}

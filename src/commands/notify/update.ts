import type { Command } from 'commander';
import type { z } from 'zod';
import { updateNotificationsRequest } from '../../api/notification-writes.js';
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
import { type Notification, NotificationUpdate } from '../../domain/notification.js';
import {
  activeFlag,
  addNotificationFlags,
  NOTIFICATION_EXAMPLE,
  type NotificationFlags,
  notificationOptions,
} from './shared.js';

type UpdateFlags = WriteFlags & FileFlags & NotificationFlags & { inactive?: boolean };
type NotificationUpdateRecord = z.infer<typeof NotificationUpdate>;

export interface NotifyUpdateOptions extends WriteContext {
  output: OutputSpec;
  records: NotificationUpdateRecord[];
}

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
    .action(async (uuid: string | undefined, flags: UpdateFlags) => {
      if (flags.skeleton) {
        writeSkeleton(f.io, NotificationUpdate, {
          uuid: '00000000-0000-0000-0000-000000000000',
          ...NOTIFICATION_EXAMPLE,
        });
        return;
      }
      if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
      let records: NotificationUpdateRecord[];
      if (flags.file !== undefined) {
        if (uuid !== undefined || flags.type !== undefined || flags.option !== undefined) {
          throw new UsageError('give either -f FILE or <uuid> with --type/--option, not both');
        }
        records = (await readInputFile(f.io, flags.file, NotificationUpdate, flags.format)).map(
          (r) => r.record,
        );
      } else {
        const id = await requireValue(f.prompter, uuid, {
          flag: '<uuid>',
          message: 'Notification uuid',
          uuid: true,
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
      await runNotifyUpdate({
        ...writeContext(f, flags),
        output: await outputSpec(f, 'notification'),
        records,
      });
    });
  return cmd;
}

export async function runNotifyUpdate(opts: NotifyUpdateOptions): Promise<Notification[]> {
  const req = updateNotificationsRequest(opts.records);
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<Notification>(await opts.api(), req);
  await writeRecords(opts.io, opts.output, 'notification', ex.envelope.data, 'No notifications returned.');
  return ex.envelope.data;
}

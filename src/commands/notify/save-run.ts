// What `ccp notify save` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import { saveNotificationsRequest } from '../../api/notifications.js';
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
import { Notification } from '../../domain/notification.js';
import type { SaveFlags } from './save.js';
import { activeFlag, NOTIFICATION_EXAMPLE, notificationOptions } from './shared.js';

export interface NotifySaveOptions extends WriteContext {
  output: OutputSpec;
  records: Notification[];
}

export function writeSaveSkeleton(io: IO): void {
  writeSkeleton(io, Notification, NOTIFICATION_EXAMPLE);
}

/** The notifications to create: from -f, or one from --type and --option. */
export async function saveRecords(f: Factory, flags: SaveFlags): Promise<Notification[]> {
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
      orElse: '-f FILE with the notifications',
    });
    const record = {
      type,
      isActive: activeFlag(flags),
      notificationOptions: notificationOptions(flags.option),
    };
    records = [flagRecord(Notification, record, { type: '--type', notificationOptions: '--option' })];
  }
  return records;
}

export async function runNotifySave(opts: NotifySaveOptions): Promise<Notification[]> {
  const req = saveNotificationsRequest(opts.records);
  return sendAndPrint<Notification>(opts, req, 'notification', 'No notifications returned.');
}

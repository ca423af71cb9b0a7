import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  runRecordsVerb,
  type WriteFlags,
} from '../../cli/write-helpers.js';
import { addNotificationFlags, type NotificationFlags } from './shared.js';

export type UpdateFlags = WriteFlags & FileFlags & NotificationFlags;
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
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./update-run.js');
      await runRecordsVerb(f, flags, 'notification', {
        skeleton: run.writeUpdateSkeleton,
        records: () => run.updateRecords(f, uuid, flags),
        run: run.runNotifyUpdate,
      });
    });
  return cmd;
}

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

export type SaveFlags = WriteFlags & FileFlags & NotificationFlags;

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
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./save-run.js');
      await runRecordsVerb(f, flags, 'notification', {
        skeleton: run.writeSaveSkeleton,
        records: () => run.saveRecords(f, flags),
        run: run.runNotifySave,
      });
    });
  return cmd;
}

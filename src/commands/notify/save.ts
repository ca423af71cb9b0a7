import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { outputSpec } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  type WriteFlags,
  writeContext,
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
      if (flags.skeleton) {
        run.writeSaveSkeleton(f.io);
        return;
      }
      const records = await run.saveRecords(f, flags);
      await run.runNotifySave({
        ...writeContext(f, flags),
        output: await outputSpec(f, 'notification'),
        records,
      });
    });
  return cmd;
}

import { type Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  runRecordsVerb,
  type WriteFlags,
} from '../../cli/write-helpers.js';

export interface PushFlags extends WriteFlags, FileFlags {
  flow?: string;
  flowId?: string;
  flowName?: string;
}

export function registerEdgeDevicePush(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('push')
    .description('Push flow definitions to edge devices (POST /edgedevice/push): a Node-RED flow, or a file')
    .argument('[deviceUuid]', 'the device to push --flow to')
    .addOption(
      new Option('--flow <file>', 'a Node-RED flow export (a JSON array of nodes) to push to <deviceUuid>'),
    )
    .addOption(new Option('--flow-id <id>', "the flow's id (default: the first tab node's id)"))
    .addOption(new Option('--flow-name <name>', "the flow's name (default: the first tab node's label)"));
  addFileFlags(cmd, 'devices with their edgeFlows');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp edgedevice push d0000000-0000-4000-8000-000000000001 --flow flows.json',
        'ccp edgedevice push d0000000-0000-4000-8000-000000000001 --flow flows.json --flow-name "Pump v2"',
        'ccp edgedevice push -f pushes.json',
        'ccp edgedevice push --skeleton > pushes.json',
      ),
    )
    .action(async (deviceUuid: string | undefined, flags: PushFlags) => {
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./push-run.js');
      await runRecordsVerb(f, flags, 'edgeDevice', {
        skeleton: run.writePushSkeleton,
        records: () => run.pushRecords(f, deviceUuid, flags),
        run: run.runEdgeDevicePush,
      });
    });
  return cmd;
}

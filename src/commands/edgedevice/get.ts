import type { Command } from 'commander';
import { listEdgeDevices } from '../../api/edge-devices.js';
import type { Factory } from '../../cli/factory.js';
import { addWatchFlags, watchOptions } from '../../cli/listing.js';
import { type GetOptions, runGet } from '../../cli/listing-get.js';
import { readDeps, verbCommand } from '../../cli/read-verbs.js';
import { requireKeys } from '../../cli/write/prompts.js';
import type { EdgeDevice } from '../../domain/edge-device.js';

export type EdgeDeviceGetOptions = GetOptions;

export function registerEdgeDeviceGet(parent: Command, f: Factory): Command {
  const cmd = verbCommand(
    parent,
    'get',
    'Show edge devices by uuid or serial number (walks GET /edgedevice/all/{pageNo})',
    [
      'ccp edgedevice get SN-1001',
      'ccp edgedevice get SN-1001 SN-1002 --fields uuid,edgeFlows.flowId -o yaml',
      'ccp edgedevice get 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3 --json',
    ],
  )
    .argument('[uuid|serial...]', 'uuids or serial numbers (one asked for on a terminal when none)')
    .action(async (given: string[]) => {
      const keys = await requireKeys(f.prompter, given, '<uuid|serial...>', 'Device uuid or serial number');
      await runEdgeDeviceGet({
        ...(await readDeps(f, 'edgeDevice')),
        keys,
        watch: await watchOptions(cmd.opts()),
      });
    });
  return addWatchFlags(cmd);
}

export async function runEdgeDeviceGet(opts: EdgeDeviceGetOptions): Promise<EdgeDevice[]> {
  return runGet<EdgeDevice>(opts, {
    list: listEdgeDevices,
    kind: 'edgeDevice',
    singular: 'edge device',
    keyNames: 'uuid or serial number',
    keysOf: (d) => [d.uuid, d.serialNumber],
    lookup: (twin, key) => twin.edgeDevice(key),
    near: (twin, key) => twin.serialsNear(key),
  });
}

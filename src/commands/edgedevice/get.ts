import { listEdgeDevices } from '../../api/edge-devices.js';
import type { EdgeDevice } from '../../domain/edge-device.js';
import { serialKey } from '../../domain/serial-key.js';
import { defineCommand } from '../../kit/command.js';
import { addWatchFlags, watchOptions } from '../../kit/listing.js';
import { type GetOptions, runGet } from '../../kit/listing-get.js';
import { readDeps } from '../../kit/read-verbs.js';
import { requireKeys } from '../../kit/write/prompts.js';

export type EdgeDeviceGetOptions = GetOptions;

export const edgeDeviceGet = defineCommand<EdgeDeviceGetOptions>({
  name: 'get',
  description: 'Show edge devices by uuid or serial number (walks GET /edgedevice/all/{pageNo})',
  examples: [
    'ccp edgedevice get ACME-0001-A41F',
    'ccp edgedevice get ACME-0001-A41F ACME-0002-9EA8 --fields uuid,edgeFlows.flowId -o yaml',
    'ccp edgedevice get b1008ec5-d2f5-4cba-aeae-0fe8bb9266f1 --json',
  ],
  declare: (cmd) =>
    addWatchFlags(
      cmd.argument('[uuid|serial...]', 'uuids or serial numbers (one asked for on a terminal when none)'),
    ),
  parse: async (f, { args, flags }) => {
    const keys = await requireKeys(
      f,
      args[0] as string[],
      '<uuid|serial...>',
      'Device uuid or serial number',
    );
    return { ...(await readDeps(f, 'edgeDevice')), keys, watch: await watchOptions(flags) };
  },
  run: runEdgeDeviceGet,
});

export async function runEdgeDeviceGet(opts: EdgeDeviceGetOptions): Promise<EdgeDevice[]> {
  return runGet<EdgeDevice>(opts, {
    list: listEdgeDevices,
    kind: 'edgeDevice',
    singular: 'edge device',
    keyNames: 'uuid or serial number',
    keysOf: (d) => [d.uuid, d.serialNumber],
    lookup: (twin, key) => twin.edgeDevice(key),
    near: (twin, key) => twin.serialsNear(key),
    keyOf: serialKey,
  });
}

import type { Command } from 'commander';
import { listEdgeDevices } from '../../api/edge-devices.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { type GetOptions, runGet } from '../../cli/listing-get.js';
import { outputSpec } from '../../cli/output.js';
import type { EdgeDevice } from '../../domain/edge-device.js';

export type EdgeDeviceGetOptions = GetOptions;

export function registerEdgeDeviceGet(parent: Command, f: Factory): Command {
  return parent
    .command('get')
    .description('Show edge devices by uuid or serial number (walks GET /edgedevice/all/{pageNo})')
    .argument('<uuid|serial...>', 'uuids or serial numbers')
    .addHelpText(
      'after',
      examples(
        'ccp edgedevice get SN-1001',
        'ccp edgedevice get SN-1001 SN-1002 --fields uuid,edgeFlows.flowId -o yaml',
        'ccp edgedevice get 0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3 --json',
      ),
    )
    .action(async (keys: string[]) => {
      await runEdgeDeviceGet({
        io: f.io,
        api: () => f.api(),
        output: await outputSpec(f, 'edgeDevice'),
        keys,
      });
    });
}

export async function runEdgeDeviceGet(opts: EdgeDeviceGetOptions): Promise<EdgeDevice[]> {
  return runGet<EdgeDevice>(opts, {
    list: listEdgeDevices,
    kind: 'edgeDevice',
    singular: 'edge device',
    keyNames: 'uuid or serial number',
    keysOf: (d) => [d.uuid, d.serialNumber],
  });
}

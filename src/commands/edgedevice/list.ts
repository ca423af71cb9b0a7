import { listEdgeDevices } from '../../api/edge-devices.js';
import { defineCommand } from '../../kit/command.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listVerbSpec } from '../../kit/read-verbs.js';

export type EdgeDeviceListOptions = ListingOptions;

export const edgeDeviceList = defineCommand<EdgeDeviceListOptions>({
  ...listVerbSpec('edgeDevice'),
  description: 'List the edge devices in your scope (GET /edgedevice/all/{pageNo})',
  examples: [
    'ccp edgedevice list',
    'ccp edgedevice list --page 2 --page-size 50',
    'ccp edgedevice list --all -o ndjson > devices.ndjson',
    'ccp edgedevice list --limit 10 --fields uuid,edgeDeviceName,serialNumber',
    'ccp edgedevice list --all --where location~plant --where isActive=true -o name',
    'ccp edgedevice list --all --where edgeFlows.flowId=ingest --sort-by createdOn',
  ],
  run: runEdgeDeviceList,
});

export async function runEdgeDeviceList(opts: EdgeDeviceListOptions): Promise<number> {
  return runListing(opts, { list: listEdgeDevices, kind: 'edgeDevice', noun: 'edge devices' });
}

import type { Command } from 'commander';
import { listEdgeDevices } from '../../api/edge-devices.js';
import type { Factory } from '../../cli/factory.js';
import type { ListFlags } from '../../cli/listing.js';
import { type ListingOptions, runListing } from '../../cli/listing-run.js';
import { listCommand, listingOptions } from '../../cli/read-verbs.js';

export type EdgeDeviceListOptions = ListingOptions;

export function registerEdgeDeviceList(parent: Command, f: Factory): Command {
  const cmd = listCommand(parent, 'List the edge devices in your scope (GET /edgedevice/all/{pageNo})', [
    'ccp edgedevice list',
    'ccp edgedevice list --page 2 --page-size 50',
    'ccp edgedevice list --all -o ndjson > devices.ndjson',
    'ccp edgedevice list --limit 10 --fields uuid,edgeDeviceName,serialNumber',
    'ccp edgedevice list --all --where location~plant --where isActive=true -o name',
    'ccp edgedevice list --all --where edgeFlows.flowId=ingest --sort-by createdOn',
  ]);
  cmd.action(async (flags: ListFlags) => {
    const opts: EdgeDeviceListOptions = { ...(await listingOptions(f, flags, 'edgeDevice')) };
    await runEdgeDeviceList(opts);
  });
  return cmd;
}

export async function runEdgeDeviceList(opts: EdgeDeviceListOptions): Promise<number> {
  return runListing(opts, { list: listEdgeDevices, kind: 'edgeDevice', noun: 'edge devices' });
}

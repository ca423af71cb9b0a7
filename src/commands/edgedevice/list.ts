import type { Command } from 'commander';
import { listEdgeDevices } from '../../api/edge-devices.js';
import type { Factory } from '../../kit/factory.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listVerb } from '../../kit/read-verbs.js';

export type EdgeDeviceListOptions = ListingOptions;

export function registerEdgeDeviceList(parent: Command, f: Factory): Command {
  return listVerb(
    parent,
    f,
    'edgeDevice',
    runEdgeDeviceList,
    'List the edge devices in your scope (GET /edgedevice/all/{pageNo})',
    [
      'ccp edgedevice list',
      'ccp edgedevice list --page 2 --page-size 50',
      'ccp edgedevice list --all -o ndjson > devices.ndjson',
      'ccp edgedevice list --limit 10 --fields uuid,edgeDeviceName,serialNumber',
      'ccp edgedevice list --all --where location~plant --where isActive=true -o name',
      'ccp edgedevice list --all --where edgeFlows.flowId=ingest --sort-by createdOn',
    ],
  );
}

export async function runEdgeDeviceList(opts: EdgeDeviceListOptions): Promise<number> {
  return runListing(opts, { list: listEdgeDevices, kind: 'edgeDevice', noun: 'edge devices' });
}

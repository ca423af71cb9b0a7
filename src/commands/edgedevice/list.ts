import type { Command } from 'commander';
import { listEdgeDevices } from '../../api/edge-devices.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { addListFlags, type ListFlags, pageOptions } from '../../cli/listing.js';
import { type ListingOptions, listingFilter, runListing } from '../../cli/listing-run.js';
import { outputSpec } from '../../cli/output.js';

export type EdgeDeviceListOptions = ListingOptions;

export function registerEdgeDeviceList(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('list')
    .alias('ls')
    .description('List the edge devices in your scope (GET /edgedevice/all/{pageNo})');
  addListFlags(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp edgedevice list',
        'ccp edgedevice list --page 2 --page-size 50',
        'ccp edgedevice list --all -o ndjson > devices.ndjson',
        'ccp edgedevice list --limit 10 --fields uuid,edgeDeviceName,serialNumber',
        'ccp edgedevice list --all --where location~plant --where isActive=true -o name',
        'ccp edgedevice list --all --where edgeFlows.flowId=ingest --sort-by createdOn',
      ),
    )
    .action(async (flags: ListFlags) => {
      const opts: EdgeDeviceListOptions = {
        io: f.io,
        api: () => f.api(),
        output: await outputSpec(f, 'edgeDevice'),
        page: pageOptions(flags),
        ...(await listingFilter(flags, 'edgeDevice')),
      };
      await runEdgeDeviceList(opts);
    });
  return cmd;
}

export async function runEdgeDeviceList(opts: EdgeDeviceListOptions): Promise<number> {
  return runListing(opts, { list: listEdgeDevices, kind: 'edgeDevice', noun: 'edge devices' });
}

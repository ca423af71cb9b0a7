import type { Command } from 'commander';
import { listSubOrganizations } from '../../api/organizations.js';
import { uuidArg } from '../../cli/args.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { addListFlags, type ListFlags, pageOptions } from '../../cli/listing.js';
import { type ListingOptions, listingFilter, runListing } from '../../cli/listing-run.js';
import { outputSpec } from '../../cli/output.js';

export interface OrgListOptions extends ListingOptions {
  orgUuid: string;
}

export function registerOrgList(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('list')
    .alias('ls')
    .description('List the sub-organizations of an organization (GET /org/{orgUuid}/org/{pageNo})')
    .argument('<orgUuid>', 'the parent organization', uuidArg);
  addListFlags(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp org list 6f1d2c3b-4a59-4e8f-9b0a-1c2d3e4f5a6b',
        'ccp org list 6f1d2c3b-4a59-4e8f-9b0a-1c2d3e4f5a6b --all --fields uuid,orgName -o csv',
      ),
    )
    .action(async (orgUuid: string, flags: ListFlags) => {
      await runOrgList({
        io: f.io,
        api: () => f.api(),
        output: await outputSpec(f, 'organization'),
        page: pageOptions(flags),
        ...(await listingFilter(flags, 'organization')),
        orgUuid,
      });
    });
  return cmd;
}

export async function runOrgList(opts: OrgListOptions): Promise<number> {
  return runListing(opts, {
    list: (api, page) => listSubOrganizations(api, opts.orgUuid, page),
    kind: 'organization',
    noun: 'sub-organizations',
  });
}

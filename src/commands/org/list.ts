import type { Command } from 'commander';
import { listSubOrganizations } from '../../api/organizations.js';
import { uuidArg } from '../../kit/args.js';
import type { Factory } from '../../kit/factory.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listVerb } from '../../kit/read-verbs.js';
import { requireUuidArgument } from '../../kit/write/prompts.js';

export interface OrgListOptions extends ListingOptions {
  orgUuid: string;
}

export function registerOrgList(parent: Command, f: Factory): Command {
  return listVerb(
    parent,
    f,
    'organization',
    async (opts, [given]) => {
      const orgUuid = await requireUuidArgument(f.prompter, given, '<orgUuid>', 'Parent organization uuid');
      return runOrgList({ ...opts, orgUuid });
    },
    'List the sub-organizations of an organization (GET /org/{orgUuid}/org/{pageNo})',
    [
      'ccp org list b58f93c5-e752-4a3d-b848-9e5dc516822b',
      'ccp org list b58f93c5-e752-4a3d-b848-9e5dc516822b --all --fields uuid,orgName -o csv',
    ],
  ).argument('[orgUuid]', 'the parent organization (asked for on a terminal when missing)', uuidArg);
}

export async function runOrgList(opts: OrgListOptions): Promise<number> {
  return runListing(opts, {
    list: (api, page) => listSubOrganizations(api, opts.orgUuid, page),
    kind: 'organization',
    noun: 'sub-organizations',
  });
}

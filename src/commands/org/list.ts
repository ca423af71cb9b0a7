import { listSubOrganizations } from '../../api/organizations.js';
import { uuidArg } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listVerbSpec } from '../../kit/read-verbs.js';
import { requireRecordUuid } from '../../kit/write/prompts.js';

export interface OrgListOptions extends ListingOptions {
  orgUuid: string;
}

export const orgList = defineCommand<OrgListOptions>({
  ...listVerbSpec('organization'),
  description: 'List the sub-organizations of an organization (GET /org/{orgUuid}/org/{pageNo})',
  examples: [
    'ccp org list b58f93c5-e752-4a3d-b848-9e5dc516822b',
    'ccp org list b58f93c5-e752-4a3d-b848-9e5dc516822b --all --fields uuid,orgName -o csv',
  ],
  declare: (cmd) => {
    listVerbSpec('organization').declare(cmd);
    cmd.argument('[orgUuid]', 'the parent organization (asked for on a terminal when missing)', uuidArg);
  },
  parse: async (f, typed) => {
    const opts = await listVerbSpec('organization').parse(f, typed);
    const { args } = typed;
    const orgUuid = await requireRecordUuid(f, args[0] as string | undefined, {
      kind: 'org',
      flag: '<orgUuid>',
      message: 'Parent organization uuid',
    });
    return { ...opts, orgUuid };
  },
  run: runOrgList,
});

export async function runOrgList(opts: OrgListOptions): Promise<number> {
  return runListing(opts, {
    list: (api, page) => listSubOrganizations(api, opts.orgUuid, page),
    kind: 'organization',
    noun: 'sub-organizations',
  });
}

import { listSubOrganizations } from '../../api/organizations.js';
import type { Organization } from '../../domain/organization.js';
import { uuidArg } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import { addWatchFlags, watchOptions } from '../../kit/listing.js';
import { type GetOptions, runGet } from '../../kit/listing-get.js';
import { readDeps } from '../../kit/read-verbs.js';
import { requireKeys, requireRecordUuid } from '../../kit/write/prompts.js';

export interface OrgGetOptions extends GetOptions {
  parentUuid: string;
}

export const orgGet = defineCommand<OrgGetOptions>({
  name: 'get',
  description: 'Show sub-organizations by uuid or name (walks GET /org/{orgUuid}/org/{pageNo})',
  examples: [
    'ccp org get b58f93c5-e752-4a3d-b848-9e5dc516822b "Acme West"',
    'ccp org get b58f93c5-e752-4a3d-b848-9e5dc516822b "Acme West" --fields uuid,orgAddress.city',
  ],
  declare: (cmd) =>
    addWatchFlags(
      cmd
        .argument(
          '[parentOrgUuid]',
          'the parent organization (asked for on a terminal when missing)',
          uuidArg,
        )
        .argument('[uuid|orgName...]', 'uuids or names of its sub-organizations'),
    ),
  parse: async (f, { args, flags }) => {
    const parentUuid = await requireRecordUuid(f, args[0] as string | undefined, {
      kind: 'org',
      flag: '<parentOrgUuid>',
      message: 'Parent organization uuid',
    });
    const keys = await requireKeys(
      f,
      args[1] as string[],
      '<uuid|orgName...>',
      'Sub-organization uuid or name',
    );
    return { ...(await readDeps(f, 'organization')), keys, watch: await watchOptions(flags), parentUuid };
  },
  run: runOrgGet,
});

export async function runOrgGet(opts: OrgGetOptions): Promise<Organization[]> {
  return runGet<Organization>(opts, {
    list: (api, page) => listSubOrganizations(api, opts.parentUuid, page),
    kind: 'organization',
    singular: `sub-organization of ${opts.parentUuid}`,
    keyNames: 'uuid or name',
    keysOf: (o) => [o.uuid, o.orgName],
    caseless: true,
  });
}

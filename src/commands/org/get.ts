import type { Command } from 'commander';
import { listSubOrganizations } from '../../api/organizations.js';
import type { Organization } from '../../domain/organization.js';
import { uuidArg } from '../../kit/args.js';
import type { Factory } from '../../kit/factory.js';
import { addWatchFlags, watchOptions } from '../../kit/listing.js';
import { type GetOptions, runGet } from '../../kit/listing-get.js';
import { readDeps, verbCommand } from '../../kit/read-verbs.js';
import { requireKeys, requireUuidArgument } from '../../kit/write/prompts.js';

export interface OrgGetOptions extends GetOptions {
  parentUuid: string;
}

export function registerOrgGet(parent: Command, f: Factory): Command {
  const cmd = verbCommand(
    parent,
    'get',
    'Show sub-organizations by uuid or name (walks GET /org/{orgUuid}/org/{pageNo})',
    [
      'ccp org get b58f93c5-e752-4a3d-b848-9e5dc516822b "Acme West"',
      'ccp org get b58f93c5-e752-4a3d-b848-9e5dc516822b "Acme West" --fields uuid,orgAddress.city',
    ],
  )
    .argument('[parentOrgUuid]', 'the parent organization (asked for on a terminal when missing)', uuidArg)
    .argument('[uuid|orgName...]', 'uuids or names of its sub-organizations')
    .action(async (parent: string | undefined, given: string[]) => {
      const parentUuid = await requireUuidArgument(
        f.prompter,
        parent,
        '<parentOrgUuid>',
        'Parent organization uuid',
      );
      const keys = await requireKeys(f.prompter, given, '<uuid|orgName...>', 'Sub-organization uuid or name');
      await runOrgGet({
        ...(await readDeps(f, 'organization')),
        keys,
        watch: await watchOptions(cmd.opts()),
        parentUuid,
      });
    });
  return addWatchFlags(cmd);
}

export async function runOrgGet(opts: OrgGetOptions): Promise<Organization[]> {
  return runGet<Organization>(opts, {
    list: (api, page) => listSubOrganizations(api, opts.parentUuid, page),
    kind: 'organization',
    singular: `sub-organization of ${opts.parentUuid}`,
    keyNames: 'uuid or name',
    keysOf: (o) => [o.uuid, o.orgName],
  });
}

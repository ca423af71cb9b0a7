import { Option } from 'commander';
import { updateOrganizationsRequest } from '../../api/organizations.js';
import type { Organization, OrganizationUpdate } from '../../domain/organization.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import {
  addDryRunFlag,
  addFileFlags,
  columnAliases,
  fieldsFromFlags,
  flagNames,
  type WriteFlags,
} from '../../kit/write/flags.js';
import { flagRecord } from '../../kit/write/input.js';
import { requireRecordUuid } from '../../kit/write/prompts.js';
import { changedColumns, recordOptions, sendRecords, type WriteRecords } from '../../kit/write/records.js';
import { count, type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';

export type OrgUpdateOptions = WriteRecords<OrganizationUpdate>;

/** Record fields by the option keys of their flags (commander's camelCase). */
const ORG_OPTIONS = { orgName: 'name', orgAdmin: 'admin', isDemo: 'demo' };
const ADDRESS_OPTIONS = {
  city: 'city',
  country: 'country',
  orgEmail: 'email',
  orgMobile: 'mobile',
  pin: 'pin',
  state: 'state',
  streetAddress: 'street',
  website: 'website',
};

const ORG_EXAMPLE = {
  uuid: '00000000-0000-0000-0000-000000000000',
  orgName: 'Acme Corp',
  orgAdmin: 'admin@acme.example',
  orgAddress: { city: 'Pune', country: 'India', orgEmail: 'ops@acme.example', pin: '411001' },
};

export const orgUpdate = defineCommand<OrgUpdateOptions>({
  name: 'update',
  description:
    'Update an organization and its address (PUT /org/update): the fields given, from flags or a file',
  examples: [
    'ccp org update b58f93c5-e752-4a3d-b848-9e5dc516822b --name "Acme Industries" --city Pune',
    'ccp org update b58f93c5-e752-4a3d-b848-9e5dc516822b --no-demo',
    'ccp org update -f orgs.json',
    'ccp org update --skeleton > orgs.json',
  ],
  declare: (cmd) => {
    cmd
      .argument('[orgUuid]', 'the organization to update')
      .addOption(new Option('--name <name>', 'organization name (orgName)'))
      .addOption(new Option('--admin <admin>', 'organization admin (orgAdmin)'))
      .addOption(new Option('--demo', 'mark it a demo organization (isDemo)'))
      .addOption(new Option('--no-demo', 'mark it not a demo organization'))
      .addOption(new Option('--city <city>', 'address: city'))
      .addOption(new Option('--country <country>', 'address: country'))
      .addOption(new Option('--email <email>', 'address: e-mail (orgEmail)'))
      .addOption(new Option('--mobile <number>', 'address: mobile (orgMobile)'))
      .addOption(new Option('--pin <pin>', 'address: postal code'))
      .addOption(new Option('--state <state>', 'address: state'))
      .addOption(new Option('--street <street>', 'address: street (streetAddress)'))
      .addOption(new Option('--website <url>', 'address: website'));
    addDryRunFlag(addFileFlags(cmd, 'organizations'));
  },
  parse: async (f, { args, flags: typed, cmd }) => {
    const orgUuid = args[0] as string | undefined;
    const flags = typed as WriteFlags & Record<string, unknown>;
    // The schema loads here, so help and other commands never load zod.
    const { OrganizationUpdate } = await import('../../domain/organization.js');
    if (flags.skeleton) {
      await writeSkeleton(f.io, OrganizationUpdate, ORG_EXAMPLE, flags.format);
      return undefined;
    }
    const given = fieldsFromFlags(flags, { ...ORG_OPTIONS, ...ADDRESS_OPTIONS });
    return recordOptions(f, flags, OrganizationUpdate, {
      kind: 'organization',
      clash:
        orgUuid !== undefined || Object.keys(given).length > 0
          ? 'give either -f FILE or <orgUuid> with flags, not both'
          : undefined,
      aliases: columnAliases(cmd, ORG_OPTIONS),
      fromFlags: async () => {
        const uuid = await requireRecordUuid(f, orgUuid, {
          kind: 'org',
          flag: '<orgUuid>',
          message: 'Organization uuid',
          orElse: '-f FILE with the organizations',
        });
        if (Object.keys(given).length === 0) {
          throw new UsageError('nothing to update', {
            hint: 'pass fields such as --name or --city, or -f FILE',
          });
        }
        const flagOf = { ...flagNames(cmd, { ...ORG_OPTIONS, ...ADDRESS_OPTIONS }), uuid: '<orgUuid>' };
        return [flagRecord(OrganizationUpdate, orgFromFlags(uuid, flags), flagOf)];
      },
    });
  },
  run: (opts, f) => runOrgUpdate(opts, writeDeps(f)),
});

/** Only the fields given are sent: the server updates what it receives; address fields nest. */
function orgFromFlags(uuid: string, flags: Record<string, unknown>): Record<string, unknown> {
  const address = fieldsFromFlags(flags, ADDRESS_OPTIONS);
  return {
    uuid,
    ...fieldsFromFlags(flags, ORG_OPTIONS),
    ...(Object.keys(address).length > 0 ? { orgAddress: address } : {}),
  };
}

export async function runOrgUpdate(opts: OrgUpdateOptions, deps: WriteDeps): Promise<Organization[]> {
  // The name and the fields changed stay in sight whatever the terminal's width.
  const output = await changedColumns(opts.output, 'organization', opts.records);
  return sendRecords<Organization>(
    { ...opts, output },
    deps,
    updateOrganizationsRequest(opts.records),
    'organization',
    (saved) => `Updated ${count(saved.length, 'organization')}.`,
  );
}

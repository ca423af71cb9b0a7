import { type Command, Option } from 'commander';
import { updateOrganizationsRequest } from '../../api/organization-writes.js';
import { sendWrite } from '../../api/write-request.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { type OutputSpec, outputSpec, writeRecords } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  flagRecord,
  readInputFile,
  requireValue,
  type WriteContext,
  type WriteFlags,
  writeContext,
  writeDryRun,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { type Organization, OrganizationUpdate } from '../../domain/organization.js';

interface UpdateFlags extends WriteFlags, FileFlags {
  name?: string;
  admin?: string;
  demo?: boolean;
  city?: string;
  country?: string;
  email?: string;
  mobile?: string;
  pin?: string;
  state?: string;
  street?: string;
  website?: string;
}

export interface OrgUpdateOptions extends WriteContext {
  output: OutputSpec;
  records: OrganizationUpdate[];
}

const ORG_FLAGS = { orgName: '--name', orgAdmin: '--admin', isDemo: '--demo' } as const;
const ADDRESS_FLAGS = {
  city: '--city',
  country: '--country',
  orgEmail: '--email',
  orgMobile: '--mobile',
  pin: '--pin',
  state: '--state',
  streetAddress: '--street',
  website: '--website',
} as const;

const ORG_EXAMPLE = {
  uuid: '00000000-0000-0000-0000-000000000000',
  orgName: 'Acme Corp',
  orgAdmin: 'admin@acme.example',
  orgAddress: { city: 'Pune', country: 'India', orgEmail: 'ops@acme.example', pin: '411001' },
};

export function registerOrgUpdate(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('update')
    .description(
      'Update an organization and its address (PUT /org/update): the fields given, from flags or a file',
    )
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
  addFileFlags(cmd, 'organizations');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp org update a0000000-0000-4000-8000-000000000001 --name "Acme Corp" --city Pune',
        'ccp org update a0000000-0000-4000-8000-000000000001 --no-demo',
        'ccp org update -f orgs.json',
        'ccp org update --skeleton > orgs.json',
      ),
    )
    .action(async (orgUuid: string | undefined, flags: UpdateFlags) => {
      if (flags.skeleton) {
        writeSkeleton(f.io, OrganizationUpdate, ORG_EXAMPLE);
        return;
      }
      let records: OrganizationUpdate[];
      if (flags.file !== undefined) {
        if (orgUuid !== undefined || hasFieldFlags(flags)) {
          throw new UsageError('give either -f FILE or <orgUuid> with flags, not both');
        }
        records = (await readInputFile(f.io, flags.file, OrganizationUpdate, flags.format)).map(
          (r) => r.record,
        );
      } else {
        if (!hasFieldFlags(flags)) {
          throw new UsageError('nothing to update', {
            hint: 'pass fields such as --name or --city, or -f FILE',
          });
        }
        const uuid = await requireValue(f.prompter, orgUuid, {
          flag: '<orgUuid>',
          message: 'Organization uuid',
          uuid: true,
        });
        records = [orgFromFlags(uuid, flags)];
      }
      await runOrgUpdate({ ...writeContext(f, flags), output: await outputSpec(f, 'organization'), records });
    });
  return cmd;
}

function hasFieldFlags(flags: UpdateFlags): boolean {
  return [...Object.keys(ORG_FLAGS), ...Object.keys(ADDRESS_FLAGS)].some(
    (k) => flags[flagKey(k)] !== undefined,
  );
}

function flagKey(field: string): keyof UpdateFlags {
  const flag =
    (ORG_FLAGS as Record<string, string>)[field] ?? (ADDRESS_FLAGS as Record<string, string>)[field]!;
  return flag.slice(2) as keyof UpdateFlags;
}

/** Only the fields given are sent: the server updates what it receives. */
export function orgFromFlags(uuid: string, flags: UpdateFlags): OrganizationUpdate {
  const record: Record<string, unknown> = { uuid };
  for (const field of Object.keys(ORG_FLAGS)) {
    const v = flags[flagKey(field)];
    if (v !== undefined) record[field] = v;
  }
  const address: Record<string, unknown> = {};
  for (const field of Object.keys(ADDRESS_FLAGS)) {
    const v = flags[flagKey(field)];
    if (v !== undefined) address[field] = v;
  }
  if (Object.keys(address).length > 0) record.orgAddress = address;
  const flagOf: Record<string, string> = { ...ORG_FLAGS, ...ADDRESS_FLAGS, uuid: '<orgUuid>' };
  return flagRecord(OrganizationUpdate, record, flagOf);
}

export async function runOrgUpdate(opts: OrgUpdateOptions): Promise<Organization[]> {
  const req = updateOrganizationsRequest(opts.records);
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<Organization>(await opts.api(), req);
  await writeRecords(opts.io, opts.output, 'organization', ex.envelope.data, 'No organizations returned.');
  return ex.envelope.data;
}

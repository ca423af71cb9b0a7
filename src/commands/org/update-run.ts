// What `ccp org update` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import { updateOrganizationsRequest } from '../../api/organizations.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import type { OutputSpec } from '../../cli/output.js';
import {
  flagRecord,
  readInputFile,
  requireValue,
  type WriteContext,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { sendAndPrint } from '../../cli/write-send.js';
import { type Organization, OrganizationUpdate } from '../../domain/organization.js';
import type { UpdateFlags } from './update.js';

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

export function writeOrgSkeleton(io: IO): void {
  writeSkeleton(io, OrganizationUpdate, ORG_EXAMPLE);
}

/** The organizations to update: from -f, or one from <orgUuid> and the field flags. */
export async function orgUpdateRecords(
  f: Factory,
  orgUuid: string | undefined,
  flags: UpdateFlags,
): Promise<OrganizationUpdate[]> {
  let records: OrganizationUpdate[];
  if (flags.file !== undefined) {
    if (orgUuid !== undefined || hasFieldFlags(flags)) {
      throw new UsageError('give either -f FILE or <orgUuid> with flags, not both');
    }
    records = (await readInputFile(f.io, flags.file, OrganizationUpdate, flags.format)).map((r) => r.record);
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
      orElse: '-f FILE with the organizations',
    });
    records = [orgFromFlags(uuid, flags)];
  }
  return records;
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
  return sendAndPrint<Organization>(opts, req, 'organization', 'No organizations returned.');
}

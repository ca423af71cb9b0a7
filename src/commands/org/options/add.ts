import { addOrganizationOptionsRequest } from '../../../api/organizations.js';
import type { OrganizationOption, OrganizationOptionInput } from '../../../domain/organization.js';
import { parseAssignment } from '../../../kit/args.js';
import { defineCommand } from '../../../kit/command.js';
import { UsageError } from '../../../kit/command-errors.js';
import { addDryRunFlag, addFileFlags, type WriteFlags } from '../../../kit/write/flags.js';
import { requireRecordUuid } from '../../../kit/write/prompts.js';
import { recordOptions, type WriteRecords } from '../../../kit/write/records.js';
import { count, sendAndPrint, type WriteDeps, writeDeps } from '../../../kit/write/send.js';
import { writeSkeleton } from '../../../kit/write/skeleton.js';

export interface OrgOptionsAddOptions extends WriteRecords<OrganizationOptionInput> {
  orgUuid: string;
}

export const OPTION_EXAMPLE = { key: 'retention.days', value: '30', isActive: true };

export const orgOptionsAdd = defineCommand<OrgOptionsAddOptions>({
  name: 'add',
  description: 'Add or replace organization options by key (POST /org/options/org/{orgUuid}/add)',
  examples: [
    'ccp org options add b58f93c5-e752-4a3d-b848-9e5dc516822b retention.days=30 alerts.email=ops@acme.example',
    'ccp org options add b58f93c5-e752-4a3d-b848-9e5dc516822b -f options.csv',
  ],
  declare: (cmd) =>
    addDryRunFlag(
      addFileFlags(
        cmd.argument('[orgUuid]', 'the organization').argument('[KEY=VALUE...]', 'options to set'),
        'options',
      ),
    ),
  parse: async (f, { args, flags: typed }) => {
    const [first, rest] = args as [string | undefined, string[]];
    const flags = typed as WriteFlags;
    // `options add KEY=VALUE` without the uuid: the first word is an option, and the uuid is asked for.
    const missing = first?.includes('=') === true;
    const orgUuid = missing ? undefined : first;
    const assignments = missing ? [first!, ...rest] : rest;
    // The schema loads here, so help and other commands never load zod.
    const { OrganizationOptionInput } = await import('../../../domain/organization.js');
    if (flags.skeleton) {
      await writeSkeleton(f.io, OrganizationOptionInput, OPTION_EXAMPLE, flags.format);
      return undefined;
    }
    const org = await requireRecordUuid(f, orgUuid, {
      kind: 'org',
      flag: '<orgUuid>',
      message: 'Organization uuid',
    });
    const opts = await recordOptions(f, flags, OrganizationOptionInput, {
      kind: 'organizationOption',
      clash: assignments.length > 0 ? 'give either KEY=VALUE arguments or -f FILE, not both' : undefined,
      fromFlags: async () => {
        if (assignments.length === 0) {
          throw new UsageError('no options given', { hint: 'pass KEY=VALUE arguments or -f FILE' });
        }
        return optionsFromAssignments(assignments);
      },
    });
    return { ...opts, orgUuid: org };
  },
  run: (opts, f) => runOrgOptionsAdd(opts, writeDeps(f)),
});

/** KEY=VALUE arguments as option records; a key given twice keeps its last value, as the server would. */
export function optionsFromAssignments(assignments: string[]): OrganizationOptionInput[] {
  const byKey = new Map<string, string>();
  for (const a of assignments) {
    const { key, value } = parseAssignment(a, 'an option');
    byKey.delete(key);
    byKey.set(key, value);
  }
  return [...byKey].map(([key, value]) => ({ key, value }));
}

export async function runOrgOptionsAdd(
  opts: OrgOptionsAddOptions,
  deps: WriteDeps,
): Promise<OrganizationOption[]> {
  const req = addOrganizationOptionsRequest(opts.orgUuid, opts.records);
  return sendAndPrint<OrganizationOption>(opts, deps, req, {
    kind: 'organizationOption',
    subject: `organization ${opts.orgUuid}`,
    summary: (saved) => `Saved ${count(saved.length, 'option')} of organization ${opts.orgUuid}.`,
  });
}

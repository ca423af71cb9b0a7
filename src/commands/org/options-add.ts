import type { Command } from 'commander';
import { addOrganizationOptionsRequest } from '../../api/organization-writes.js';
import { sendWrite } from '../../api/write-request.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { type OutputSpec, outputSpec, writeRecords } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  parseAssignment,
  readInputFile,
  requireValue,
  type WriteContext,
  type WriteFlags,
  writeContext,
  writeDryRun,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { type OrganizationOption, OrganizationOptionInput } from '../../domain/organization.js';

export interface OrgOptionsAddOptions extends WriteContext {
  output: OutputSpec;
  orgUuid: string;
  options: OrganizationOptionInput[];
}

export function registerOrgOptionsAdd(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('add')
    .description('Add or replace organization options by key (POST /org/options/org/{orgUuid}/add)')
    .argument('[orgUuid]', 'the organization')
    .argument('[KEY=VALUE...]', 'options to set');
  addFileFlags(cmd, 'options');
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp org options add a0000000-0000-4000-8000-000000000001 retention.days=30 alerts.email=ops@acme.example',
        'ccp org options add a0000000-0000-4000-8000-000000000001 -f options.csv',
      ),
    )
    .action(async (orgUuid: string | undefined, assignments: string[], flags: WriteFlags & FileFlags) => {
      if (flags.skeleton) {
        writeSkeleton(f.io, OrganizationOptionInput, { key: 'retention.days', value: '30', isActive: true });
        return;
      }
      const org = await requireValue(f.prompter, orgUuid, {
        flag: '<orgUuid>',
        message: 'Organization uuid',
        uuid: true,
      });
      let options: OrganizationOptionInput[];
      if (flags.file !== undefined) {
        if (assignments.length > 0)
          throw new UsageError('give either KEY=VALUE arguments or -f FILE, not both');
        options = (await readInputFile(f.io, flags.file, OrganizationOptionInput, flags.format)).map(
          (r) => r.record,
        );
      } else {
        if (assignments.length === 0) {
          throw new UsageError('no options given', { hint: 'pass KEY=VALUE arguments or -f FILE' });
        }
        options = optionsFromAssignments(assignments);
      }
      await runOrgOptionsAdd({
        ...writeContext(f, flags),
        output: await outputSpec(f, 'organizationOption'),
        orgUuid: org,
        options,
      });
    });
  return cmd;
}

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

export async function runOrgOptionsAdd(opts: OrgOptionsAddOptions): Promise<OrganizationOption[]> {
  const req = addOrganizationOptionsRequest(opts.orgUuid, opts.options);
  if (opts.dryRun) {
    writeDryRun(opts.io, await opts.target(), [req]);
    return [];
  }
  const ex = await sendWrite<OrganizationOption>(await opts.api(), req);
  await writeRecords(opts.io, opts.output, 'organizationOption', ex.envelope.data, 'No options returned.');
  return ex.envelope.data;
}

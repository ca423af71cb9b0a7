// What `ccp org options add` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import { addOrganizationOptionsRequest } from '../../api/organizations.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import type { OutputSpec } from '../../cli/output.js';
import {
  type FileFlags,
  parseAssignment,
  readInputFile,
  requireValue,
  type WriteContext,
  type WriteFlags,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { sendAndPrint } from '../../cli/write-send.js';
import { type OrganizationOption, OrganizationOptionInput } from '../../domain/organization.js';

export interface OrgOptionsAddOptions extends WriteContext {
  output: OutputSpec;
  orgUuid: string;
  options: OrganizationOptionInput[];
}

export function writeOptionsSkeleton(io: IO): void {
  writeSkeleton(io, OrganizationOptionInput, { key: 'retention.days', value: '30', isActive: true });
}

/** The organization and the options to add: KEY=VALUE arguments or -f. */
export async function optionsAddInput(
  f: Factory,
  orgUuid: string | undefined,
  assignments: string[],
  flags: WriteFlags & FileFlags,
): Promise<{ org: string; options: OrganizationOptionInput[] }> {
  const org = await requireValue(f.prompter, orgUuid, {
    flag: '<orgUuid>',
    message: 'Organization uuid',
    uuid: true,
  });
  let options: OrganizationOptionInput[];
  if (flags.file !== undefined) {
    if (assignments.length > 0) throw new UsageError('give either KEY=VALUE arguments or -f FILE, not both');
    options = (await readInputFile(f.io, flags.file, OrganizationOptionInput, flags.format)).map(
      (r) => r.record,
    );
  } else {
    if (assignments.length === 0) {
      throw new UsageError('no options given', { hint: 'pass KEY=VALUE arguments or -f FILE' });
    }
    options = optionsFromAssignments(assignments);
  }
  return { org, options };
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
  return sendAndPrint<OrganizationOption>(opts, req, 'organizationOption', 'No options returned.');
}

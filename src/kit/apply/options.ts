// `ccp org options apply`: the interface has no operation that reads an organization's options, so their
// stored values are unknown. The plan says so: every key of the file is to be set (created or updated by
// key, which the service does in one upsert), with no old values and no unchanged count. Applying twice
// sends the same upsert twice and changes nothing stored the second time.
import type { ApiClient } from '../../api/client.js';
import { addOrganizationOptionsRequest } from '../../api/organizations.js';
import { type OrganizationOption, OrganizationOptionInput } from '../../domain/organization.js';
import type { InputFormat, InputRecord } from '../../input/index.js';
import { UsageError } from '../command-errors.js';
import type { IO } from '../io.js';
import type { OutputSpec } from '../printing.js';
import type { Prompter } from '../prompter.js';
import { readInputFile } from '../write/input.js';
import { type Batch, sendPlan } from './execute.js';
import { checkPlanFormat, confirmApply, type ShownPlan, showPlan, writeResult } from './show.js';

export interface OrgOptionsApplyOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  prompter: Prompter;
  output: OutputSpec;
  orgUuid: string;
  file: string;
  format?: InputFormat;
  /** Drop fields and columns an option does not have, instead of failing. */
  ignoreUnknown?: boolean;
  dryRun: boolean;
  yes: boolean;
}

/** The service takes at most 1,000 records a request. */
const BATCH = 1000;

/** Keys given twice, as `line N: key K repeats line M`. */
export function repeatedOptionKeys(records: readonly InputRecord<OrganizationOptionInput>[]): string[] {
  const first = new Map<string, number>();
  const problems: string[] = [];
  for (const { line, record } of records) {
    const seen = first.get(record.key);
    if (seen === undefined) first.set(record.key, line);
    else problems.push(`line ${line}: key ${record.key} repeats line ${seen}`);
  }
  return problems;
}

/** The plan document: what is set; stored values cannot be read, so nothing is known unchanged. */
export function optionsPlanDocument(records: readonly InputRecord<OrganizationOptionInput>[]) {
  return {
    set: records.map((r) => r.record),
    unchanged: null,
    note: 'the service has no operation that reads options: stored values are unknown, every key is set',
  };
}

export async function runOrgOptionsApply(opts: OrgOptionsApplyOptions): Promise<void> {
  const { io } = opts;
  checkPlanFormat(opts.output);
  const records = await readInputFile(io, opts, OrganizationOptionInput);
  const name = opts.file === '-' ? '<stdin>' : opts.file;
  const repeats = repeatedOptionKeys(records);
  if (repeats.length > 0)
    throw new UsageError(
      `${repeats.length} repeated in ${name}; nothing was sent\n${repeats.map((r) => `${name}:${r.slice(5)}`).join('\n')}`,
    );

  const shown: ShownPlan = {
    io,
    output: opts.output,
    // Create and update cannot be told apart without the stored options: each key is set (an upsert).
    summary: `Plan for organization options: ${records.length} to set (created or updated by key; stored values cannot be read).`,
    changes: records.length,
    rows: records.map((r) => ({
      action: 'set',
      key: r.record.key,
      uuid: '',
      changes: { value: { from: '(unknown)', to: r.record.value ?? null } },
    })),
    noun: 'organization options',
    keyHeader: 'Key',
    doc: optionsPlanDocument(records),
    kind: 'organizationOption',
    savedFields: ['key', 'value', 'isActive', 'updatedOn'],
  };
  await showPlan(shown);
  if (opts.dryRun) {
    await writeResult(shown, undefined);
    io.note('Dry run: nothing was sent.');
    return;
  }
  if (!(await confirmApply(shown, opts.prompter, opts.yes))) {
    await writeResult(shown, undefined);
    io.note('Nothing was applied.');
    return;
  }
  const batches: Batch[] = [];
  for (let i = 0; i < records.length; i += BATCH) {
    const rows = records.slice(i, i + BATCH);
    batches.push({
      request: addOrganizationOptionsRequest(
        opts.orgUuid,
        rows.map((r) => r.record),
      ),
      lines: rows.map((r) => r.line).filter((l) => l > 0),
      size: rows.length,
    });
  }
  const resume = `ccp org options apply ${opts.orgUuid} -f ${opts.file}${opts.yes ? ' --yes' : ''}`;
  const saved = await sendPlan<OrganizationOption>({
    io,
    api: await opts.api(),
    batches,
    noun: 'options',
    resume,
  });
  await writeResult(shown, saved);
  io.note(`Applied: ${saved.length} ${saved.length === 1 ? 'option' : 'options'} set.`);
}

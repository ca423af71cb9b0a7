// `ccp edgedevice apply`: read the file, walk the organization's listing once to plan, show the plan, ask
// (on a terminal), then send the creates, updates and disables to add and the changed flows to push.
import type { ApiClient } from '../../api/client.js';
import { addEdgeDevicesRequest, listEdgeDevices, pushEdgeDevicesRequest } from '../../api/edge-devices.js';
import { monotonicMs } from '../../domain/clock.js';
import {
  type EdgeDevice,
  EdgeDeviceApplyInput,
  type EdgeDeviceInput,
  type EdgeDevicePushInput,
} from '../../domain/edge-device.js';
import type { TwinLookup } from '../../domain/lookup.js';
import type { InputFormat } from '../../input/index.js';
import { UsageError } from '../command-errors.js';
import type { IO } from '../io.js';
import { listingProgress } from '../listing.js';
import { type ListFn, walkListing } from '../listing-find.js';
import type { OutputSpec } from '../printing.js';
import type { Prompter } from '../prompter.js';
import { recordBatches } from '../write/batches.js';
import { readInputFile } from '../write/input.js';
import { type Batch, sendPlan } from './execute.js';
import { type DevicePlan, DevicePlanner, isEmptyPlan, repeatedKeys } from './plan.js';
import { countsText, type PlanRow, redactRecord } from './render.js';
import { checkPlanFormat, confirmApply, showPlan, writeResult } from './show.js';

export interface EdgeDeviceApplyOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  /** The embedded database's lookups, where the target has them. */
  twin?: () => Promise<TwinLookup | undefined>;
  prompter: Prompter;
  output: OutputSpec;
  orgUuid: string;
  userUuid: string;
  file: string;
  format?: InputFormat;
  /** Drop fields and columns a device does not have, instead of failing. */
  ignoreUnknown?: boolean;
  /** Other names a CSV column may have (add's flag names). */
  aliases?: Record<string, string>;
  dryRun: boolean;
  yes: boolean;
  disableMissing: boolean;
  batchSize: number;
}

/** The plan as `-o json` prints it (cli.md): what is created, updated with each field's change, disabled. */
export function planDocument(plan: DevicePlan) {
  return {
    create: plan.create.map((c) => redactRecord(c.record)),
    update: plan.update.map((u) => ({ uuid: u.uuid, serialNumber: u.serialNumber, changes: u.changes })),
    unchanged: plan.unchanged,
    disable: plan.disable.map((d) => ({
      uuid: d.uuid,
      serialNumber: d.serialNumber,
      edgeDeviceName: d.edgeDeviceName,
    })),
  };
}

function planRows(plan: DevicePlan): PlanRow[] {
  return [
    ...plan.create.map(
      (c): PlanRow => ({
        action: 'create',
        key: c.record.serialNumber,
        uuid: c.record.uuid ?? '',
        note: c.record.edgeDeviceName,
      }),
    ),
    ...plan.update.map(
      (u): PlanRow => ({ action: 'update', key: u.serialNumber, uuid: u.uuid, changes: u.changes }),
    ),
    ...plan.disable.map(
      (d): PlanRow => ({
        action: 'disable',
        key: d.serialNumber ?? '',
        uuid: d.uuid,
        note: d.edgeDeviceName ?? '',
      }),
    ),
  ];
}

/**
 * The requests of a plan: updates, then disables, then creates to add (so a serial number an update frees
 * is free before a create takes it), then the changed flows to push.
 */
export function planBatches(
  plan: DevicePlan,
  opts: { orgUuid: string; userUuid: string; batchSize: number },
): Batch[] {
  const adds: { line: number; record: EdgeDeviceInput }[] = [
    ...plan.update.flatMap((u) => (u.send ? [{ line: u.line, record: u.send }] : [])),
    ...plan.disable.map((d) => ({ line: 0, record: d.send })),
    ...plan.create,
  ];
  const pushes: { line: number; record: EdgeDevicePushInput }[] = plan.update
    .filter((u) => u.flows.length > 0)
    .map((u) => ({ line: u.line, record: { uuid: u.uuid, edgeFlows: u.flows } as EdgeDevicePushInput }));
  const lines = (rows: { line: number }[]) => rows.map((r) => r.line).filter((l) => l > 0);
  return [
    ...recordBatches(adds, opts.batchSize).map((rows) => ({
      request: addEdgeDevicesRequest(
        opts.orgUuid,
        opts.userUuid,
        rows.map((r) => r.record),
      ),
      lines: lines(rows),
      size: rows.length,
    })),
    ...recordBatches(pushes, opts.batchSize).map((rows) => ({
      request: pushEdgeDevicesRequest(rows.map((r) => r.record)),
      lines: lines(rows),
      size: rows.length,
    })),
  ];
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function resumeCommand(opts: EdgeDeviceApplyOptions): string {
  const words = [
    'ccp',
    'edgedevice',
    'apply',
    '--org',
    opts.orgUuid,
    '--user',
    opts.userUuid,
    '-f',
    opts.file,
  ];
  if (opts.format) words.push('--format', opts.format);
  if (opts.disableMissing) words.push('--disable-missing');
  if (opts.yes) words.push('--yes');
  const text = words.map(shellQuote).join(' ');
  return opts.file === '-' ? `${text}   (with the same input on stdin)` : text;
}

export async function runEdgeDeviceApply(opts: EdgeDeviceApplyOptions): Promise<void> {
  const { io } = opts;
  checkPlanFormat(opts.output);
  const records = await readInputFile(io, opts, EdgeDeviceApplyInput, opts.aliases);
  const name = opts.file === '-' ? '<stdin>' : opts.file;
  const repeats = repeatedKeys(records);
  if (repeats.length > 0)
    throw new UsageError(
      `${repeats.length} repeated in ${name}; nothing was sent\n${repeats.map((r) => `${name}:${r.slice(5)}`).join('\n')}`,
    );

  const api = await opts.api();
  const planner = new DevicePlanner(records, { orgUuid: opts.orgUuid, disableMissing: opts.disableMissing });
  // On the twin, the devices the file names are read by the database's indexes; else (and to find every
  // device of the organization for --disable-missing) one walk of the listing, with progress on a terminal.
  const twin = opts.disableMissing ? undefined : await opts.twin?.();
  if (twin) {
    const uuids = records.flatMap((r) => (r.record.uuid ? [r.record.uuid] : []));
    const serials = records.flatMap((r) => (r.record.serialNumber ? [r.record.serialNumber] : []));
    for (const device of await twin.edgeDevicesMatching({ uuids, orgUuid: opts.orgUuid, serials }))
      planner.see(device);
  } else {
    const progress = await listingProgress(io, 'devices', true);
    const list: ListFn<EdgeDevice> = (client, page) =>
      listEdgeDevices(client, { ...page, onPage: progress.onPage });
    try {
      for await (const device of walkListing(api, list, 1000)) planner.see(device);
    } finally {
      progress.stop();
    }
  }
  const { plan, conflicts, incomplete } = planner.finish();
  if (incomplete.length > 0)
    throw new UsageError(
      `${incomplete.length} ${incomplete.length === 1 ? 'record names a device' : 'records name devices'} not stored yet without what add needs; nothing was sent\n${incomplete.map((c) => `${name}:${c.slice(5)}`).join('\n')}`,
    );
  if (conflicts.length > 0)
    throw new UsageError(
      `${conflicts.length} ${conflicts.length === 1 ? 'record conflicts' : 'records conflict'} with the stored devices; nothing was sent\n${conflicts.map((c) => `${name}:${c.slice(5)}`).join('\n')}`,
    );

  const doc = planDocument(plan);
  const counts = {
    create: doc.create.length,
    update: doc.update.length,
    unchanged: doc.unchanged,
    disable: doc.disable.length,
  };
  const shown = {
    io,
    output: opts.output,
    summary: countsText(counts, 'edge devices'),
    changes: counts.create + counts.update + counts.disable,
    rows: planRows(plan),
    noun: 'edge devices',
    keyHeader: 'Serial number',
    doc,
    kind: 'edgeDevice' as const,
    savedFields: ['uuid', 'edgeDeviceName', 'serialNumber'],
  };
  await showPlan(shown);
  if (opts.dryRun || isEmptyPlan(plan)) {
    await writeResult(shown, undefined);
    io.note(opts.dryRun ? 'Dry run: nothing was sent.' : 'Nothing to do: the organization matches the file.');
    return;
  }
  if (!(await confirmApply(shown, opts.prompter, opts.yes))) {
    await writeResult(shown, undefined);
    io.note('Nothing was applied.');
    return;
  }
  const started = monotonicMs();
  const batches = planBatches(plan, opts);
  const answered = await sendPlan<EdgeDevice>({
    io,
    api,
    batches,
    noun: 'changes',
    resume: resumeCommand(opts),
  });
  // A device both updated and pushed is answered twice: its last answer is what is stored.
  const saved = [...new Map(answered.map((d) => [d.uuid, d])).values()];
  await writeResult(shown, saved);
  const seconds = ((monotonicMs() - started) / 1000).toFixed(1);
  const pushed = plan.update.filter((u) => u.flows.length > 0).length;
  io.note(
    `Applied: ${counts.create} created, ${plan.update.filter((u) => u.send).length} updated, ${counts.disable} disabled, flows pushed to ${pushed} ${pushed === 1 ? 'device' : 'devices'}; ${batches.length} ${batches.length === 1 ? 'request' : 'requests'} (${seconds} s).`,
  );
}

// What `ccp edgedevice add` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.
import { basename, dirname, extname, join } from 'node:path';
import { addEdgeDevicesRequest, existingSerials } from '../../api/edge-devices.js';
import { isRequestError, type RequestError } from '../../api/errors.js';
import { sendWrite } from '../../api/write-request.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import { type OutputSpec, writeRecords } from '../../cli/output.js';
import {
  flagRecord,
  lineRanges,
  progressBar,
  readInputFile,
  requireValue,
  type WriteContext,
  writeDryRun,
  writeFileAtomic,
  writeSkeleton,
} from '../../cli/write-helpers.js';
import { type EdgeDevice, EdgeDeviceInput } from '../../domain/edge-device.js';
import type { InputFormat, InputRecord } from '../../input/index.js';
import type { AddFlags } from './add.js';

export interface EdgeDeviceAddOptions extends WriteContext {
  output: OutputSpec;
  orgUuid: string;
  userUuid: string;
  /** Devices with the line they start on in `source` (0 for a device from flags). */
  records: InputRecord<EdgeDeviceInput>[];
  /** The input file, `-` for stdin, undefined for flags. */
  source?: string;
  format?: InputFormat;
  batchSize: number;
  skipExisting: boolean;
  continueOnError: boolean;
  failedFile?: string;
}

const FLAG_OF: Record<string, string> = {
  edgeDeviceName: '--name',
  serialNumber: '--serial',
  ipAdress: '--ip',
  port: '--port',
  location: '--location',
  shortDescription: '--description',
  longDescription: '--long-description',
  noOfdevices: '--devices',
};

export const EDGE_DEVICE_EXAMPLE = {
  edgeDeviceName: 'pump-station-01',
  serialNumber: 'SN-0001',
  ipAdress: '10.0.0.21',
  port: 1880,
  location: 'Hall A',
  shortDescription: 'Pump controller',
  isActive: true,
};

export function writeEdgeDeviceSkeleton(io: IO): void {
  writeSkeleton(io, EdgeDeviceInput, EDGE_DEVICE_EXAMPLE);
}

export async function devicesFromFlags(f: Factory, flags: AddFlags): Promise<InputRecord<EdgeDeviceInput>[]> {
  const given =
    Object.keys(FLAG_OF).some((k) => flags[fieldFlag(k)] !== undefined) || flags.active || flags.disabled;
  if (flags.file !== undefined) {
    if (given) throw new UsageError('give the device either with flags or with -f, not both');
    const records = await readInputFile(f.io, flags.file, EdgeDeviceInput, flags.format);
    return rejectRepeatedSerials(flags.file, records);
  }
  const name = await requireValue(f.prompter, flags.name, {
    flag: '--name',
    message: 'Device name',
    orElse: '-f FILE with the devices',
  });
  const serial = await requireValue(f.prompter, flags.serial, {
    flag: '--serial',
    message: 'Serial number',
    orElse: '-f FILE with the devices',
  });
  const record = flagRecord(
    EdgeDeviceInput,
    {
      edgeDeviceName: name,
      serialNumber: serial,
      ipAdress: flags.ip,
      port: flags.port,
      location: flags.location,
      shortDescription: flags.description,
      longDescription: flags.longDescription,
      noOfdevices: flags.devices,
      isActive: flags.active,
      isDisabled: flags.disabled,
    },
    FLAG_OF,
  );
  return [{ line: 0, record }];
}

function fieldFlag(field: string): keyof AddFlags {
  const flag = FLAG_OF[field]!.slice(2);
  return flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof AddFlags;
}

/** A serial number may appear once per organization: a repeat in the file would fail its whole batch. */
function rejectRepeatedSerials(
  file: string,
  records: InputRecord<EdgeDeviceInput>[],
): InputRecord<EdgeDeviceInput>[] {
  const first = new Map<string, number>();
  const repeats: string[] = [];
  for (const { line, record } of records) {
    const seen = first.get(record.serialNumber);
    if (seen === undefined) first.set(record.serialNumber, line);
    else
      repeats.push(
        `${file === '-' ? '<stdin>' : file}:${line}: serialNumber: ${record.serialNumber} repeats line ${seen}`,
      );
  }
  if (repeats.length > 0) {
    throw new UsageError(
      `${repeats.length} repeated serial ${repeats.length === 1 ? 'number' : 'numbers'}; nothing was sent\n${repeats.join('\n')}`,
    );
  }
  return records;
}

/** The service's answer in the order of the input rows (it may answer in its own listing order). */
function inInputOrder(devices: EdgeDevice[], batch: InputRecord<EdgeDeviceInput>[]): EdgeDevice[] {
  const position = new Map(batch.map((r, k) => [r.record.serialNumber, k]));
  const at = (d: EdgeDevice) => position.get(d.serialNumber ?? '') ?? batch.length;
  return [...devices].sort((a, b) => at(a) - at(b));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function rowsText(rows: InputRecord<unknown>[]): string {
  const lines = rows.map((r) => r.line).filter((l) => l > 0);
  if (lines.length === 0) return 'the device';
  return `${lines.length === 1 ? 'line' : 'lines'} ${lineRanges(lines)}`;
}

/** `<input>.failed.<ext>` next to the input; for stdin, in the current folder. */
export function defaultFailedFile(source: string | undefined, format: InputFormat | undefined): string {
  if (source === undefined || source === '-') return `stdin.failed.${format ?? 'ndjson'}`;
  const ext = extname(source);
  return join(dirname(source), `${basename(source, ext)}.failed${ext || `.${format ?? 'json'}`}`);
}

async function failedFileContent(rows: InputRecord<EdgeDeviceInput>[], format: InputFormat): Promise<string> {
  const records = rows.map((r) => r.record);
  if (format === 'ndjson') return records.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (format === 'csv') {
    const { stringify } = await import('csv-stringify/sync');
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return stringify(records as Record<string, unknown>[], {
      header: true,
      columns,
      cast: { boolean: (b) => String(b) },
    });
  }
  return `${JSON.stringify({ data: records }, null, 2)}\n`;
}

export async function runEdgeDeviceAdd(opts: EdgeDeviceAddOptions): Promise<EdgeDevice[]> {
  const { io } = opts;
  let todo = opts.records;
  if (opts.dryRun) {
    if (opts.skipExisting) io.note('Dry run: --skip-existing is not looked up; every device is shown.');
    const requests = chunks(todo, opts.batchSize).map((batch) =>
      addEdgeDevicesRequest(
        opts.orgUuid,
        opts.userUuid,
        batch.map((r) => r.record),
      ),
    );
    writeDryRun(io, await opts.target(), requests);
    return [];
  }

  const api = await opts.api();
  let skipped = 0;
  if (opts.skipExisting) {
    const existing = await existingSerials(api, opts.orgUuid);
    todo = todo.filter((r) => !existing.has(r.record.serialNumber));
    skipped = opts.records.length - todo.length;
    if (skipped > 0)
      io.note(`Skipping ${skipped} ${skipped === 1 ? 'device' : 'devices'} whose serial number exists.`);
  }

  const started = performance.now();
  const batches = chunks(todo, opts.batchSize);
  const progress = await progressBar(io, todo.length, 'devices');
  const saved: EdgeDevice[] = [];
  const savedRows: InputRecord<EdgeDeviceInput>[] = [];
  const failedRows: InputRecord<EdgeDeviceInput>[] = [];
  let firstError: RequestError | undefined;
  let stoppedAt = -1;
  try {
    for (const [k, batch] of batches.entries()) {
      try {
        const req = addEdgeDevicesRequest(
          opts.orgUuid,
          opts.userUuid,
          batch.map((r) => r.record),
        );
        const ex = await sendWrite<EdgeDevice>(api, req);
        saved.push(...inInputOrder(ex.envelope.data, batch));
        savedRows.push(...batch);
      } catch (err) {
        if (!isRequestError(err)) throw err;
        firstError ??= err;
        failedRows.push(...batch);
        io.note(`Batch ${k + 1} of ${batches.length} (${rowsText(batch)}) failed: ${err.code} ${err.reason}`);
        if (!opts.continueOnError) {
          stoppedAt = k;
          break;
        }
      }
      progress.update(savedRows.length + failedRows.length);
    }
  } finally {
    progress.stop();
  }

  await writeRecords(io, opts.output, 'edgeDevice', saved, 'No edge devices saved.');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const skippedText = skipped > 0 ? `; skipped ${skipped} existing` : '';
  if (!firstError) {
    io.note(
      `Saved ${saved.length} edge ${saved.length === 1 ? 'device' : 'devices'} in ${batches.length} ${batches.length === 1 ? 'batch' : 'batches'} (${seconds} s)${skippedText}.`,
    );
    return saved;
  }

  const notSent = stoppedAt >= 0 ? batches.slice(stoppedAt + 1).flat() : [];
  const summary = [`Saved ${saved.length} of ${opts.records.length} edge devices${skippedText}.`];
  if (savedRows.length > 0) summary.push(`  saved:    ${rowsText(savedRows)}`);
  summary.push(`  failed:   ${rowsText(failedRows)}`);
  if (notSent.length > 0) summary.push(`  not sent: ${rowsText(notSent)}`);
  if (opts.continueOnError || opts.failedFile !== undefined) {
    const format = opts.format ?? inputFormatOf(opts.source);
    const path = opts.failedFile ?? defaultFailedFile(opts.source, format);
    await writeFileAtomic(path, await failedFileContent([...failedRows, ...notSent], format), {
      overwrite: true,
    });
    summary.push(`Rows not saved were written to ${path}; add them again with -f ${path}.`);
  } else if (opts.source !== undefined) {
    summary.push('Re-run the same command with --skip-existing to add the rest.');
  }
  io.note(summary.join('\n'));
  throw firstError;
}

function inputFormatOf(source: string | undefined): InputFormat {
  const ext = source ? extname(source).toLowerCase() : '';
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return source && source !== '-' ? 'json' : 'ndjson';
}

import { Option } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { addEdgeDevicesRequest, existingSerials } from '../../api/edge-devices.js';
import { sendWriteForRecords } from '../../api/write-request.js';
import type { EdgeDevice, EdgeDeviceInput } from '../../domain/edge-device.js';
import { MAX_RECORDS } from '../../domain/limits.js';
import type { TwinLookup } from '../../domain/lookup.js';
import { serialKey } from '../../domain/serial-key.js';
import type { InputFormat } from '../../input/detect.js';
import { wholeNumber } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import * as batches from '../../kit/write/batches.js';
import { sendBulk } from '../../kit/write/bulk.js';
import { writeDryRun } from '../../kit/write/dry-run.js';
import type { WriteFlags } from '../../kit/write/flags.js';
import {
  addDryRunFlag,
  addFileFlags,
  columnAliases,
  commandLine,
  fieldsFromFlags,
  flagNames,
} from '../../kit/write/flags.js';
import { flagRecord, readInputFile, rejectRepeats } from '../../kit/write/input.js';
import { requireOrgAndUser, requireValue } from '../../kit/write/prompts.js';
import { type WriteDeps, type WriteOutput, writeDeps, writeOutput } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';

type Row = batches.Row<EdgeDeviceInput>;

// The most one request may carry (decisions.md): each request costs a round trip and a commit, which a file
// of thousands of devices pays far less often so. Large records are cut into smaller batches by their size
// (batches.ts, recordBatches).
export const DEFAULT_BATCH_SIZE = MAX_RECORDS;

export interface EdgeDeviceAddOptions extends WriteOutput {
  orgUuid: string;
  userUuid: string;
  /** Devices with the line they start on in `source` (0 for a device from flags). */
  records: Row[];
  /** The input file, `-` for stdin, undefined for flags. */
  source?: string;
  format?: InputFormat;
  batchSize: number;
  skipExisting: boolean;
  continueOnError: boolean;
  failedFile?: string;
  savedFile?: string;
  /** The command line that resumes this add, printed when it stops early. */
  resume?: string;
}

/** Device fields by the option keys of their flags (commander's camelCase). */
export const DEVICE_OPTIONS = {
  edgeDeviceName: 'name',
  serialNumber: 'serial',
  ipAdress: 'ip',
  port: 'port',
  location: 'location',
  shortDescription: 'description',
  longDescription: 'longDescription',
  noOfdevices: 'devices',
  isActive: 'active',
  isDisabled: 'disabled',
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

interface AddFlags extends WriteFlags, Record<string, unknown> {
  name?: string;
  serial?: string;
  batchSize: number;
  skipExisting?: boolean;
  continueOnError?: boolean;
  failedFile?: string;
  savedFile?: string;
}

export const edgeDeviceAdd = defineCommand<EdgeDeviceAddOptions>({
  name: 'add',
  description: 'Add edge devices (POST /edgedevice/org/{orgUuid}/user/{userUuid}/add), from flags or a file',
  examples: [
    'ccp edgedevice add --org $ORG --user $USER --name pump-01 --serial SN-0001 --ip 10.0.0.21 --port 1880',
    'ccp edgedevice add --org $ORG --user $USER -f devices.csv',
    '# re-run after a failure or Ctrl-C: devices already saved are skipped',
    'ccp edgedevice add --org $ORG --user $USER -f devices.csv --skip-existing',
    'ccp edgedevice add --skeleton --format csv > devices.csv',
    'cat devices.ndjson | ccp edgedevice add --org $ORG --user $USER -f - --dry-run',
  ],
  declare: (cmd) => {
    cmd
      .addOption(new Option('--name <name>', 'device name (edgeDeviceName)'))
      .addOption(new Option('--serial <serial>', 'serial number, unique within the organization'))
      .addOption(new Option('--ip <address>', 'IP address (ipAdress)'))
      .addOption(new Option('--port <n>', 'port').argParser(wholeNumber(1, 65535)))
      .addOption(new Option('--location <text>', 'location'))
      .addOption(new Option('--description <text>', 'short description'))
      .addOption(new Option('--long-description <text>', 'long description'))
      .addOption(
        new Option('--devices <n>', 'number of devices behind it (noOfdevices)').argParser(wholeNumber(0)),
      )
      .addOption(new Option('--active', 'mark the device active'))
      .addOption(new Option('--disabled', 'mark the device disabled'));
    addFileFlags(cmd, 'devices (columns: field names or these flag names)')
      .addOption(batchSizeOption())
      .addOption(
        new Option('--skip-existing', 'skip devices whose serial number the organization already has'),
      )
      .addOption(
        new Option('--continue-on-error', 'go on after a failed batch; failed rows go to --failed-file'),
      )
      .addOption(
        new Option('--failed-file <path>', 'where rows not saved are written (default <input>.failed.<ext>)'),
      )
      .addOption(
        new Option(
          '--saved-file <path>',
          'where saved records are appended as batches succeed (default <input>.saved.ndjson)',
        ),
      );
    addDryRunFlag(cmd);
  },
  parse: async (f, { flags: typed, cmd }) => {
    const flags = typed as AddFlags;
    // The schema loads here, so help and other commands never load zod.
    const { EdgeDeviceInput } = await import('../../domain/edge-device.js');
    if (flags.skeleton) {
      await writeSkeleton(f.io, EdgeDeviceInput, EDGE_DEVICE_EXAMPLE, flags.format);
      return undefined;
    }
    const cfg = await f.config();
    const given = fieldsFromFlags(flags, DEVICE_OPTIONS);
    if (flags.file !== undefined && Object.keys(given).length > 0)
      throw new UsageError('give the device either with flags or with -f, not both');
    // A file is read and checked before anything is asked: a bad row ends the command with no question.
    const fromFile =
      flags.file === undefined
        ? undefined
        : await rejectRepeats(
            f.io,
            flags.file,
            await readInputFile(
              f.io,
              { ...flags, file: flags.file },
              EdgeDeviceInput,
              columnAliases(cmd, DEVICE_OPTIONS),
            ),
            'serialNumber',
            'serial number',
            (v) => serialKey(String(v)),
          );
    const { orgUuid, userUuid } = await requireOrgAndUser(f, cfg);
    let records: Row[];
    if (fromFile) records = fromFile;
    else {
      const orElse = '-f FILE with the devices';
      given.edgeDeviceName = await requireValue(f, flags.name, {
        flag: '--name',
        message: 'Device name',
        orElse,
      });
      given.serialNumber = await requireValue(f, flags.serial, {
        flag: '--serial',
        message: 'Serial number',
        orElse,
      });
      records = [{ line: 0, record: flagRecord(EdgeDeviceInput, given, flagNames(cmd, DEVICE_OPTIONS)) }];
    }
    const out = await writeOutput(f, flags, 'edgeDevice');
    // A table is for a person: the fields that name each device. The other formats carry whole records.
    if (out.output.format === 'table') out.output.fields ??= ['uuid', 'edgeDeviceName', 'serialNumber'];
    return {
      ...out,
      orgUuid,
      userUuid,
      records,
      source: flags.file,
      format: flags.format,
      batchSize: flags.batchSize,
      skipExisting: flags.skipExisting === true,
      continueOnError: flags.continueOnError === true,
      failedFile: flags.failedFile,
      savedFile: flags.savedFile,
      resume: commandLine(cmd, '--skip-existing'),
    };
  },
  // Ctrl-C aborts io.signal: the add stops between answers and says what it saved.
  run: (opts, f) => runEdgeDeviceAdd(opts, { ...writeDeps(f), twin: () => f.lookup(), signal: f.io.signal }),
});

/** --batch-size, as add and apply take it. */
export function batchSizeOption(): Option {
  return new Option('--batch-size <n>', 'devices per request (fewer when they would pass 512 KiB)')
    .argParser(wholeNumber(1, 1000))
    .default(DEFAULT_BATCH_SIZE);
}

/**
 * The serial numbers of `rows` that the organization's devices already use: on the embedded default, read by
 * the twin's indexes (as apply matches); against a service, from one walk of the listing (the interface has
 * no lookup by serial, and the listing holds the caller's whole scope, so other organizations' are left out).
 */
async function existingOf(
  rows: readonly Row[],
  orgUuid: string,
  api: ApiClient,
  twin: TwinLookup | undefined,
): Promise<Set<string>> {
  if (!twin) return existingSerials(api, orgUuid);
  const serials = rows.map((r) => r.record.serialNumber);
  const found = await twin.edgeDevicesMatching({ uuids: [], orgUuid, serials });
  return new Set(found.flatMap((d) => (d.serialNumber ? [serialKey(d.serialNumber)] : [])));
}

/** Adds the devices in batches, printing each saved one as its batch is answered; returns how many were saved. */
export async function runEdgeDeviceAdd(
  opts: EdgeDeviceAddOptions,
  deps: WriteDeps & {
    signal?: AbortSignal;
    /** The embedded database's lookups, where the target has them (--skip-existing reads them). */
    twin?: () => Promise<TwinLookup | undefined>;
  },
): Promise<number> {
  const { io } = deps;
  if (opts.dryRun) {
    if (opts.skipExisting) io.note('Dry run: --skip-existing is not looked up; every device is shown.');
    const requests = batches.recordBatches(opts.records, opts.batchSize).map((b) =>
      addEdgeDevicesRequest(
        opts.orgUuid,
        opts.userUuid,
        b.map((r) => r.record),
      ),
    );
    writeDryRun(io, opts.dryRun, requests);
    return 0;
  }

  const api = await deps.api();
  let rows = opts.records;
  if (opts.skipExisting) {
    const existing = await existingOf(rows, opts.orgUuid, api, await deps.twin?.());
    rows = rows.filter((r) => !existing.has(serialKey(r.record.serialNumber)));
    const skipped = opts.records.length - rows.length;
    if (skipped > 0)
      io.note(`Skipping ${skipped} ${skipped === 1 ? 'device' : 'devices'} whose serial number exists.`);
  }
  return sendBulk({ ...opts, rows, skipped: opts.records.length - rows.length }, deps, {
    kind: 'edgeDevice',
    noun: 'edge device',
    plural: 'edge devices',
    async send(batch) {
      const req = addEdgeDevicesRequest(
        opts.orgUuid,
        opts.userUuid,
        batch.map((r) => r.record),
      );
      // The saved records in the order the service answers them: printed as they came.
      return sendWriteForRecords<EdgeDevice>(api, req);
    },
    subject: (row) => `serial ${row.record.serialNumber}`,
  });
}

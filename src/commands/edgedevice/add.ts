import { type Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { outputSpec } from '../../cli/output.js';
import {
  addDryRunFlag,
  addFileFlags,
  type FileFlags,
  requireValue,
  type WriteFlags,
  wholeNumber,
  writeContext,
} from '../../cli/write-helpers.js';

export const DEFAULT_BATCH_SIZE = 100;

export interface AddFlags extends WriteFlags, FileFlags {
  name?: string;
  serial?: string;
  ip?: string;
  port?: number;
  location?: string;
  description?: string;
  longDescription?: string;
  devices?: number;
  active?: boolean;
  disabled?: boolean;
  batchSize: number;
  skipExisting?: boolean;
  continueOnError?: boolean;
  failedFile?: string;
}

export function registerEdgeDeviceAdd(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('add')
    .description(
      'Add edge devices (POST /edgedevice/org/{orgUuid}/user/{userUuid}/add), from flags or a file',
    )
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
  addFileFlags(cmd, 'devices')
    .addOption(
      new Option('--batch-size <n>', 'devices per request')
        .argParser(wholeNumber(1, 1000))
        .default(DEFAULT_BATCH_SIZE),
    )
    .addOption(new Option('--skip-existing', 'skip devices whose serial number the organization already has'))
    .addOption(
      new Option('--continue-on-error', 'go on after a failed batch; failed rows go to --failed-file'),
    )
    .addOption(
      new Option('--failed-file <path>', 'where failed rows are written (default <input>.failed.<ext>)'),
    );
  addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp edgedevice add --org $ORG --user $USER --name pump-01 --serial SN-0001 --ip 10.0.0.21 --port 1880',
        'ccp edgedevice add --org $ORG --user $USER -f devices.csv',
        '# re-run after a failure: devices already saved are skipped',
        'ccp edgedevice add --org $ORG --user $USER -f devices.csv --skip-existing',
        'ccp edgedevice add --skeleton > devices.json',
        'cat devices.ndjson | ccp edgedevice add --org $ORG --user $USER -f - --dry-run',
      ),
    )
    .action(async (flags: AddFlags) => {
      // The behaviour and its schemas load here, so help and other commands never load zod.
      const run = await import('./add-run.js');
      if (flags.skeleton) {
        await run.writeEdgeDeviceSkeleton(f.io);
        return;
      }
      const cfg = await f.config();
      const orgUuid = await requireValue(f.prompter, cfg.org, {
        flag: '--org',
        message: 'Organization uuid',
        uuid: true,
      });
      const userUuid = await requireValue(f.prompter, cfg.user, {
        flag: '--user',
        message: 'User uuid',
        uuid: true,
      });
      const records = await run.devicesFromFlags(f, flags);
      const output = await outputSpec(f, 'edgeDevice');
      await run.runEdgeDeviceAdd({
        ...writeContext(f, flags),
        output: { ...output, fields: output.fields ?? ['uuid', 'edgeDeviceName', 'serialNumber'] },
        orgUuid,
        userUuid,
        records,
        source: flags.file,
        format: flags.format,
        batchSize: flags.batchSize,
        skipExisting: flags.skipExisting === true,
        continueOnError: flags.continueOnError === true,
        failedFile: flags.failedFile,
      });
    });
  return cmd;
}

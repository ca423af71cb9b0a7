import { Option } from 'commander';
import type { EdgeDeviceApplyOptions } from '../../kit/apply/devices.js';
import { defineCommand } from '../../kit/command.js';
import { outputSpec } from '../../kit/printing.js';
import { addFileFlags, columnAliases, type WriteFlags } from '../../kit/write/flags.js';
import { requireOrgAndUser, requireValue } from '../../kit/write/prompts.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';
import { batchSizeOption, DEVICE_OPTIONS, EDGE_DEVICE_EXAMPLE } from './add.js';

export interface ApplyFlags extends WriteFlags, Record<string, unknown> {
  yes?: boolean;
  disableMissing?: boolean;
  batchSize: number;
}

export const edgeDeviceApply = defineCommand<EdgeDeviceApplyOptions>({
  name: 'apply',
  description:
    "Make the organization's edge devices match a file: plan what to create, update and disable, then apply",
  examples: [
    'ccp edgedevice apply --org $ORG --user $USER -f devices.yaml --dry-run',
    'ccp edgedevice apply --org $ORG --user $USER -f devices.csv',
    'ccp edgedevice apply --org $ORG --user $USER -f devices.csv --disable-missing --yes',
    'ccp edgedevice apply --org $ORG --user $USER -f devices.json -o json | jq .update',
  ],
  declare: (cmd) => {
    addFileFlags(cmd, 'the devices as they should be')
      .addOption(new Option('--dry-run', 'print the plan and send nothing'))
      .addOption(new Option('-y, --yes', 'apply without asking (a terminal asks first; a script never does)'))
      .addOption(
        new Option(
          '--disable-missing',
          "disable (isDisabled: true) the organization's devices the file does not name",
        ),
      )
      .addOption(batchSizeOption())
      .addHelpText(
        'after',
        `
Records are matched to the organization's devices by uuid, else by serialNumber. Only the fields the file
gives are compared and changed; flows (edgeFlows) are pushed by flowId when they differ. Applying the same
file again plans nothing and sends nothing. Stored passwords cannot be read back, so a password in the file
is never a difference: change one with \`ccp edgedevice add\`.`,
      );
  },
  parse: async (f, { flags: typed, cmd }) => {
    const flags = typed as ApplyFlags;
    if (flags.skeleton) {
      const { EdgeDeviceInput } = await import('../../domain/edge-device.js');
      await writeSkeleton(f.io, EdgeDeviceInput, EDGE_DEVICE_EXAMPLE, flags.format);
      return undefined;
    }
    const add = cmd.parent?.commands.find((c) => c.name() === 'add');
    const cfg = await f.config();
    const file = await requireValue(f, flags.file, {
      flag: '-f',
      message: 'File with the devices',
    });
    const { orgUuid, userUuid } = await requireOrgAndUser(f, cfg);
    return {
      io: f.io,
      api: () => f.api(),
      twin: () => f.lookup(),
      prompter: f.prompter,
      output: await outputSpec(f, 'edgeDevice'),
      orgUuid,
      userUuid,
      file,
      format: flags.format,
      ignoreUnknown: flags.ignoreUnknown === true,
      // The same CSV headers as add: field names or add's flag names (name,serial,ip,port,location).
      aliases: add ? columnAliases(add, DEVICE_OPTIONS) : undefined,
      dryRun: flags.dryRun === true,
      yes: flags.yes === true,
      disableMissing: flags.disableMissing === true,
      batchSize: flags.batchSize,
    };
  },
  run: async (opts) => {
    // The behaviour and its schemas load here, so help and other commands never load zod.
    const { runEdgeDeviceApply } = await import('../../kit/apply/devices.js');
    return runEdgeDeviceApply(opts);
  },
});

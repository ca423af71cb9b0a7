import { basename, extname } from 'node:path';
import { Option } from 'commander';
import { listEdgeDevices, pushEdgeDevicesRequest } from '../../api/edge-devices.js';
import { MAX_DEPTH, textTooDeepAt } from '../../domain/depth.js';
import type { EdgeDevice, EdgeDevicePushInput } from '../../domain/edge-device.js';
import { isUuid } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { Factory } from '../../kit/factory.js';
import { addDryRunFlag, addFileFlags, type WriteFlags } from '../../kit/write/flags.js';
import { flagRecord } from '../../kit/write/input.js';
import { requireValue } from '../../kit/write/prompts.js';
import { recordOptions, sendRecords, type WriteRecords } from '../../kit/write/records.js';
import { count, type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { writeSkeleton } from '../../kit/write/skeleton.js';

export type EdgeDevicePushOptions = WriteRecords<EdgeDevicePushInput>;

interface PushFlags extends WriteFlags {
  flow?: string;
  flowId?: string;
  flowName?: string;
}

const PUSH_EXAMPLE = {
  uuid: '00000000-0000-0000-0000-000000000000',
  edgeFlows: [
    {
      flowId: 'f1a2b3c4.d5e6f7',
      flowName: 'Pump telemetry',
      flowJSON: '[{"id":"f1a2b3c4.d5e6f7","type":"tab","label":"Pump telemetry"}]',
      isActive: true,
    },
  ],
};

export const edgeDevicePush = defineCommand<EdgeDevicePushOptions>({
  name: 'push',
  description:
    'Push flow definitions to edge devices (POST /edgedevice/push): a flow file, or a file of devices',
  examples: [
    'ccp edgedevice push 65ec6d92-e02c-4da9-8b2c-f3916706445b --flow flows.json',
    'ccp edgedevice push ACME-0001-A41F --flow flows.json --flow-name "Pump v2"',
    'ccp edgedevice push -f pushes.json',
    'ccp edgedevice push --skeleton > pushes.json',
  ],
  declare: (cmd) => {
    cmd
      .argument(
        '[device]',
        'the device to push --flow to: its uuid or serial number (asked for when missing)',
      )
      .addOption(
        new Option(
          '--flow <file>',
          'a file holding the flow as JSON (a Node-RED export, or any JSON) to push',
        ),
      )
      .addOption(
        new Option(
          '--flow-id <id>',
          "the flow's id (default: the Node-RED tab node's id, else the file name)",
        ),
      )
      .addOption(
        new Option(
          '--flow-name <name>',
          "the flow's name (default: the tab node's label, else the file name)",
        ),
      );
    addDryRunFlag(addFileFlags(cmd, 'devices with their edgeFlows'));
  },
  parse: async (f, { args, flags: typed }) => {
    const flags = typed as PushFlags;
    const device = args[0] as string | undefined;
    // The schema loads here, so help and other commands never load zod.
    const { EdgeDevicePushInput } = await import('../../domain/edge-device.js');
    // A push reads only the device's uuid and its flows: the other device fields would only mislead.
    const pushShape = EdgeDevicePushInput.pick({ uuid: true, edgeFlows: true });
    if (flags.skeleton) {
      await writeSkeleton(f.io, pushShape, PUSH_EXAMPLE, flags.format);
      return undefined;
    }
    return recordOptions(f, flags, EdgeDevicePushInput, {
      kind: 'edgeDevice',
      clash:
        flags.flow !== undefined || device !== undefined
          ? 'give either -f FILE or <device> --flow FILE, not both'
          : undefined,
      fromFlags: async () => {
        const orElse = '-f FILE with the devices and their edgeFlows';
        const key = await requireValue(f, device, {
          flag: '<device>',
          message: 'Device uuid or serial number',
          orElse,
        });
        const flowFile = await requireValue(f, flags.flow, {
          flag: '--flow',
          message: 'Flow file',
          orElse,
        });
        const flow = await flowOf(flowFile, flags);
        const uuid = isUuid(key) ? key.toLowerCase() : await deviceUuidOf(f, key);
        return [flagRecord(EdgeDevicePushInput, { uuid, edgeFlows: [flow] }, { uuid: '<device>' })];
      },
    });
  },
  run: (opts, f) => runEdgeDevicePush(opts, writeDeps(f)),
});

/**
 * The uuid of the device with this serial number (compared by serialKey), found as `get` finds it (exit 4
 * when none has it).
 */
async function deviceUuidOf(f: Factory, serial: string): Promise<string> {
  const [{ findRecords, walkListing }, { RecordsNotFoundError }, { serialKey }] = await Promise.all([
    import('../../kit/listing-find.js'),
    import('../../kit/listing-get.js'),
    import('../../domain/serial-key.js'),
  ]);
  const { found } = await findRecords(
    walkListing(await f.api(), listEdgeDevices),
    [serial],
    (d) => [d.serialNumber],
    serialKey,
  );
  if (!found[0]) throw new RecordsNotFoundError(`no edge device with uuid or serial number "${serial}"`);
  return found[0].record.uuid!;
}

interface FlowNode {
  id?: unknown;
  type?: unknown;
  label?: unknown;
}

/**
 * One flow from a file holding JSON: the JSON becomes flowJSON. A Node-RED export (an array of nodes, or
 * Node-RED's own `{rev, flows: [...]}`) names the flow by its first tab node unless --flow-id/--flow-name
 * do; any other JSON is named by the flags, else by the file's name.
 */
export async function flowOf(file: string, flags: { flowId?: string; flowName?: string }) {
  let text: string;
  try {
    text = await (await import('node:fs/promises')).readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  if (textTooDeepAt(text) >= 0) throw new UsageError(`${file} is nested deeper than ${MAX_DEPTH} levels`);
  let flow: unknown;
  try {
    flow = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const wrapped = flow as { flows?: unknown } | null;
  if (wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped) && Array.isArray(wrapped.flows)) {
    flow = wrapped.flows;
  }
  const nodes: FlowNode[] = Array.isArray(flow) ? flow : [];
  const tab = nodes.find((n) => n && typeof n === 'object' && n.type === 'tab');
  const fileName = basename(file, extname(file));
  return {
    flowId: flags.flowId ?? (typeof tab?.id === 'string' ? tab.id : fileName),
    flowName: flags.flowName ?? (typeof tab?.label === 'string' ? tab.label : fileName),
    flowJSON: JSON.stringify(flow),
  };
}

export async function runEdgeDevicePush(opts: EdgeDevicePushOptions, deps: WriteDeps): Promise<EdgeDevice[]> {
  const flows = opts.records.reduce((n, r) => n + r.edgeFlows.length, 0);
  return sendRecords<EdgeDevice>(opts, deps, pushEdgeDevicesRequest(opts.records), 'edgeDevice', (saved) =>
    pushSummary(opts.records, saved, flows),
  );
}

/** A few pushes are named, flow (id and name) and device (serial number and name); many are counted. */
export function pushSummary(
  records: readonly EdgeDevicePushInput[],
  saved: readonly EdgeDevice[],
  flows: number,
) {
  const pairs = records.flatMap((r) => r.edgeFlows.map((flow) => ({ flow, device: r.uuid })));
  if (pairs.length === 0 || pairs.length > NAMED_PUSHES) {
    return `Pushed ${count(flows, 'flow')} to ${count(saved.length, 'device')}.`;
  }
  const byUuid = new Map(saved.map((d) => [d.uuid, d]));
  const named = pairs.map(({ flow, device }) => {
    const d = byUuid.get(device);
    const what = `flow ${flow.flowId}${flow.flowName ? ` (${flow.flowName})` : ''}`;
    const where = d?.serialNumber || device;
    return `${what} to device ${where}${d?.edgeDeviceName ? ` (${d.edgeDeviceName})` : ''}`;
  });
  return `Pushed ${named.join('; ')}.`;
}

/** Pushes named one by one in the summary; past this they are counted. */
const NAMED_PUSHES = 5;

// What `ccp edgedevice push` does once its flags are parsed: loaded by the action, so the command's
// registration (help, completion) does not load zod or the api client.

import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { pushEdgeDevicesRequest } from '../../api/edge-devices.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IO } from '../../cli/io.js';
import type { OutputSpec } from '../../cli/output.js';
import { readInputFile, requireValue, type WriteContext, writeSkeleton } from '../../cli/write-helpers.js';
import { sendAndPrint } from '../../cli/write-send.js';
import { type EdgeDevice, EdgeDevicePushInput } from '../../domain/edge-device.js';
import type { PushFlags } from './push.js';

export interface EdgeDevicePushOptions extends WriteContext {
  output: OutputSpec;
  records: EdgeDevicePushInput[];
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

/** A push reads only the device's uuid and its flows: the other device fields would only mislead. */
export function writePushSkeleton(io: IO): void {
  writeSkeleton(io, EdgeDevicePushInput.pick({ uuid: true, edgeFlows: true }), PUSH_EXAMPLE);
}

/** The devices to push: from -f, or one device carrying a Node-RED flow file. */
export async function pushRecords(
  f: Factory,
  deviceUuid: string | undefined,
  flags: PushFlags,
): Promise<EdgeDevicePushInput[]> {
  let records: EdgeDevicePushInput[];
  if (flags.file !== undefined) {
    if (flags.flow !== undefined || deviceUuid !== undefined) {
      throw new UsageError('give either -f FILE or <deviceUuid> --flow FILE, not both');
    }
    records = (await readInputFile(f.io, flags.file, EdgeDevicePushInput, flags.format)).map((r) => r.record);
  } else {
    const uuid = await requireValue(f.prompter, deviceUuid, {
      flag: '<deviceUuid>',
      message: 'Device uuid',
      uuid: true,
      orElse: '-f FILE with the devices and their edgeFlows',
    });
    const flowFile = await requireValue(f.prompter, flags.flow, {
      flag: '--flow',
      message: 'Flow file',
      orElse: '-f FILE with the devices and their edgeFlows',
    });
    records = [await flowRecord(uuid, flowFile, flags)];
  }
  return records;
}

interface FlowNode {
  id?: unknown;
  type?: unknown;
  label?: unknown;
}

/**
 * A device record carrying one flow from a Node-RED export: the export, as it is, becomes flowJSON; the
 * first tab node names the flow unless --flow-id/--flow-name do.
 */
export async function flowRecord(
  deviceUuid: string,
  file: string,
  flags: PushFlags,
): Promise<EdgeDevicePushInput> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  let nodes: unknown;
  try {
    nodes = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  // Node-RED's own API wraps the nodes as {rev, flows: [...]}.
  if (
    nodes &&
    typeof nodes === 'object' &&
    !Array.isArray(nodes) &&
    Array.isArray((nodes as { flows?: unknown }).flows)
  ) {
    nodes = (nodes as { flows: unknown[] }).flows;
  }
  if (!Array.isArray(nodes))
    throw new UsageError(`${file} must hold a Node-RED flow export: a JSON array of nodes`);
  const tab = (nodes as FlowNode[]).find((n) => n && n.type === 'tab');
  const tabId = typeof tab?.id === 'string' ? tab.id : undefined;
  const tabLabel = typeof tab?.label === 'string' ? tab.label : undefined;
  const flowId = flags.flowId ?? tabId;
  if (!flowId)
    throw new UsageError(`${file} has no tab node to take the flow id from`, { hint: 'pass --flow-id' });
  const flowName = flags.flowName ?? tabLabel ?? basename(file, extname(file));
  const parsed = EdgeDevicePushInput.safeParse({
    uuid: deviceUuid,
    edgeFlows: [{ flowId, flowName, flowJSON: JSON.stringify(nodes) }],
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

export async function runEdgeDevicePush(opts: EdgeDevicePushOptions): Promise<EdgeDevice[]> {
  const req = pushEdgeDevicesRequest(opts.records);
  const devices = await sendAndPrint<EdgeDevice>(opts, req, 'edgeDevice', 'No edge devices returned.');
  if (!opts.dryRun) {
    const flows = opts.records.reduce((n, r) => n + r.edgeFlows.length, 0);
    opts.io.note(
      `Pushed ${flows} ${flows === 1 ? 'flow' : 'flows'} to ${devices.length} ${devices.length === 1 ? 'device' : 'devices'}.`,
    );
  }
  return devices;
}

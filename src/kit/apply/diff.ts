// What differs between a stored edge device and the record a file gives for it: only the fields the file
// gives count, flows are compared by flowId, and a write-only password is never compared with its mask.
import type {
  EdgeDevice,
  EdgeDeviceApplyInput,
  EdgeDeviceInput,
  EdgeFlow,
  ExternalReference,
} from '../../domain/edge-device.js';
import { serialKey } from '../../domain/serial-key.js';

export interface Change {
  from: unknown;
  to: unknown;
}

/** The server's stand-in for a stored password (decisions.md "Secrets"); sent back, it keeps the password. */
export const MASK = '********';

/** The device fields a file may set, in the order a plan shows them. */
export const DEVICE_FIELDS = [
  'edgeDeviceName',
  'serialNumber',
  'ipAdress',
  'port',
  'location',
  'shortDescription',
  'longDescription',
  'noOfdevices',
  'isActive',
  'isDisabled',
] as const;

const FLOW_FIELDS = [
  'flowName',
  'flowJSON',
  'shortDescription',
  'longDescription',
  'isActive',
  'isDisabled',
] as const;

// Set by the server (or by the command's --org/--user): never part of what is sent or compared.
const SERVER_SET = ['createdOn', 'modifiedOn'] as const;

/** JSON texts compare by what they hold, so re-indenting a flow is no change. */
function sameJsonText(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  try {
    return canonical(JSON.parse(a)) === canonical(JSON.parse(b));
  } catch {
    return false;
  }
}

/** JSON with object keys sorted, so key order is no difference. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const orNull = (v: unknown) => (v === undefined ? null : v);

/** A reference as it is compared: its fields, the server's defaults filled in, a password only as set or not. */
function refKey(r: ExternalReference): string {
  // A stored password comes back masked, so passwords cannot be compared, only whether one is set.
  return canonical({
    entityTypeCodeIdentifier: orNull(r.entityTypeCodeIdentifier),
    entityTypeUUID: orNull(r.entityTypeUUID),
    subType: orNull(r.subType),
    userName: orNull(r.userName),
    isActive: r.isActive ?? true,
    password: r.password === null || r.password === undefined ? null : MASK,
  });
}

/** Same references, in any order; `given` already has the stored passwords it did not give. */
function sameReferences(stored: ExternalReference[], given: ExternalReference[]): boolean {
  if (stored.length !== given.length) return false;
  const a = stored.map(refKey).sort();
  const b = given.map(refKey).sort();
  return a.every((k, i) => k === b[i]);
}

/** A reference list without server timestamps and with every password shown as the mask: safe to print. */
export function redactReferences(refs: readonly ExternalReference[] | null | undefined): unknown {
  if (!refs) return refs ?? null;
  return refs.map((r) => {
    const { createdOn: _c, modifiedOn: _m, ...rest } = r;
    return rest.password === null || rest.password === undefined ? rest : { ...rest, password: MASK };
  });
}

/**
 * References to send: the file's, each without a password taking the password of the stored reference it
 * names (by uuid, else by type, subtype and user name), so an update never drops a stored password.
 */
function referencesToSend(stored: ExternalReference[], given: ExternalReference[]): ExternalReference[] {
  const same = (a: ExternalReference, b: ExternalReference) =>
    a.uuid && b.uuid
      ? a.uuid === b.uuid
      : a.entityTypeCodeIdentifier === b.entityTypeCodeIdentifier &&
        a.subType === b.subType &&
        a.userName === b.userName;
  return given.map((r) => {
    if (r.password !== undefined) return r;
    const match = stored.find((s) => same(s, r));
    return match && match.password !== undefined ? { ...r, password: match.password } : r;
  });
}

function withoutServerSet<T extends object>(record: T): T {
  const out = { ...record } as Record<string, unknown>;
  for (const k of SERVER_SET) delete out[k];
  return out as T;
}

/** A file record's fields without its nulls, which count as absent: laid over a stored record, they keep its values. */
function givenFields<T extends object>(record: T): T {
  const out = withoutServerSet(record) as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (v === null) delete out[k];
  return out as T;
}

export interface DeviceDiff {
  changes: Record<string, Change>;
  /** The stored record with the file's fields over it, to send to add; undefined when no device field differs. */
  send?: EdgeDeviceInput;
  /** Flows to push (the stored flow with the file's fields over it); empty when none differs. */
  flows: EdgeFlow[];
}

/** The changes a file record makes to a stored device. */
export function diffDevice(stored: EdgeDevice, given: EdgeDeviceApplyInput): DeviceDiff {
  const changes: Record<string, Change> = {};
  for (const field of DEVICE_FIELDS) {
    const to = given[field];
    // A null counts as absent (decisions.md, "read tolerantly"): an export's nulls change nothing.
    if (to === undefined || to === null) continue;
    const from = orNull(stored[field]);
    // A serial that reads the same (serialKey) is the same serial: the stored spelling stays.
    if (field === 'serialNumber' && typeof from === 'string' && serialKey(from) === serialKey(to as string))
      continue;
    if (from !== to) changes[field] = { from, to };
  }
  const storedRefs = stored.externalReferences ?? [];
  let refs = storedRefs;
  if (given.externalReferences !== undefined) {
    const givenRefs = referencesToSend(storedRefs, given.externalReferences ?? []);
    if (!sameReferences(storedRefs, givenRefs)) {
      changes.externalReferences = { from: redactReferences(storedRefs), to: redactReferences(givenRefs) };
      refs = givenRefs;
    }
  }
  const deviceChanged = Object.keys(changes).length > 0;

  const flows: EdgeFlow[] = [];
  const storedFlows = new Map((stored.edgeFlows ?? []).map((f) => [f.flowId, f]));
  for (const flow of given.edgeFlows ?? []) {
    const id = flow.flowId ?? '';
    const old = storedFlows.get(id);
    if (!old) {
      changes[`edgeFlows[${id}]`] = { from: null, to: withoutServerSet(flow) };
      flows.push(withoutServerSet(flow));
      continue;
    }
    let differs = false;
    for (const field of FLOW_FIELDS) {
      const to = flow[field];
      if (to === undefined || to === null) continue;
      const from = orNull(old[field]);
      if (field === 'flowJSON' ? sameJsonText(from, to) : from === to) continue;
      changes[`edgeFlows[${id}].${field}`] = { from, to };
      differs = true;
    }
    if (differs) flows.push({ ...withoutServerSet(old), ...givenFields(flow) });
  }

  if (!deviceChanged) return { changes, flows };
  const { edgeFlows: _flows, ...storedRest } = withoutServerSet(stored);
  const { edgeFlows: _givenFlows, ...givenRest } = givenFields(given);
  const send = {
    ...storedRest,
    ...givenRest,
    uuid: stored.uuid,
    externalReferences: refs.map(withoutServerSet),
  } as EdgeDeviceInput;
  if (!changes.serialNumber && typeof stored.serialNumber === 'string')
    send.serialNumber = stored.serialNumber;
  return { changes, send, flows };
}

/** What disabling a stored device sends: the stored record, flows aside, with isDisabled set. */
export function disableRecord(stored: EdgeDevice): EdgeDeviceInput {
  const { edgeFlows: _flows, ...rest } = withoutServerSet(stored);
  return {
    ...rest,
    externalReferences: (stored.externalReferences ?? []).map(withoutServerSet),
    isDisabled: true,
  } as EdgeDeviceInput;
}

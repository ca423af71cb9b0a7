// The plan of `edgedevice apply`, computed locally and without I/O: file records are matched to the
// organization's stored devices by uuid, else by serial number (as people read it: serialKey), as the
// listing streams past, so memory grows with the file and the plan, never with the listing.
import {
  type EdgeDevice,
  type EdgeDeviceApplyInput,
  EdgeDeviceInput,
  type EdgeFlow,
} from '../../domain/edge-device.js';
import { serialKey } from '../../domain/serial-key.js';
import { issuesToProblems } from '../../input/problems.js';
import { type Change, type DeviceDiff, diffDevice, disableRecord } from './diff.js';

export interface DesiredDevice {
  /** Where the record starts in its file (0 when not from a file). */
  line: number;
  /** Its match key and the fields it gives; what add needs only when no stored device matches it. */
  record: EdgeDeviceApplyInput;
}

export interface PlannedCreate {
  line: number;
  record: EdgeDeviceInput;
}

export interface PlannedUpdate {
  line: number;
  uuid: string;
  serialNumber: string;
  changes: Record<string, Change>;
  /** The record to send to add (stored merged with the file); undefined when only flows change. */
  send?: EdgeDeviceInput;
  /** Flows to push. */
  flows: EdgeFlow[];
}

export interface PlannedDisable {
  uuid: string;
  serialNumber: string | null;
  edgeDeviceName: string | null;
  send: EdgeDeviceInput;
}

export interface DevicePlan {
  create: PlannedCreate[];
  update: PlannedUpdate[];
  unchanged: number;
  disable: PlannedDisable[];
}

/** Records naming the same serial number or uuid, as `line N: serialNumber X repeats line M`. */
export function repeatedKeys(records: readonly DesiredDevice[]): string[] {
  const problems: string[] = [];
  for (const key of ['serialNumber', 'uuid'] as const) {
    const first = new Map<string, number>();
    for (const { line, record } of records) {
      const value = record[key];
      if (!value) continue;
      const norm = key === 'uuid' ? value.toLowerCase() : serialKey(value);
      const seen = first.get(norm);
      if (seen === undefined) first.set(norm, line);
      else problems.push(`line ${line}: ${key} ${value} repeats line ${seen}`);
    }
  }
  return problems;
}

export interface PlanOptions {
  orgUuid: string;
  disableMissing: boolean;
}

/** Feed it every device of the listing (`see`), then `finish` for the plan and any conflicts. */
export class DevicePlanner {
  private readonly byUuid = new Map<string, number>();
  private readonly bySerial = new Map<string, number>();
  private readonly matched = new Map<number, string>();
  /** Serial numbers of the file as the organization's devices hold them: serialKey -> device uuid. */
  private readonly holders = new Map<string, string>();
  private readonly conflicts: string[] = [];
  /** Records of devices not stored yet that lack what add needs, as `line N: field: problem`. */
  private readonly incomplete: string[] = [];
  private readonly plan: DevicePlan = { create: [], update: [], unchanged: 0, disable: [] };
  private readonly org: string;

  constructor(
    private readonly records: readonly DesiredDevice[],
    private readonly opts: PlanOptions,
  ) {
    this.org = opts.orgUuid.toLowerCase();
    records.forEach(({ record }, k) => {
      if (record.uuid) this.byUuid.set(record.uuid.toLowerCase(), k);
      // A serial of nothing but spaces reads as none: it names no device.
      const serial = record.serialNumber ? serialKey(record.serialNumber) : '';
      if (serial) this.bySerial.set(serial, k);
      const org = record.orgUUID?.toLowerCase();
      if (org && org !== this.org)
        this.conflict(k, `orgUUID ${record.orgUUID} is not the organization applied to (${opts.orgUuid})`);
    });
  }

  private conflict(k: number, text: string): void {
    this.conflicts.push(`line ${this.records[k]!.line}: ${text}`);
  }

  see(device: EdgeDevice): void {
    const uuid = device.uuid?.toLowerCase();
    if (!uuid) return;
    const byUuid = this.byUuid.get(uuid);
    if (device.orgUUID?.toLowerCase() !== this.org) {
      if (byUuid !== undefined)
        this.conflict(byUuid, `device ${device.uuid} belongs to organization ${device.orgUUID}`);
      return;
    }
    const serial = serialKey(device.serialNumber ?? '');
    const bySerial = this.bySerial.get(serial);
    if (bySerial !== undefined) this.holders.set(serial, uuid);
    // A record with a uuid names that device only; one without names the device holding its serial.
    const serialMatch = bySerial !== undefined && !this.records[bySerial]!.record.uuid ? bySerial : undefined;
    const k = byUuid ?? serialMatch;
    if (byUuid !== undefined && serialMatch !== undefined && serialMatch !== byUuid) {
      this.conflict(
        serialMatch,
        `names device ${device.uuid} by its serial number, as line ${this.records[byUuid]!.line} does by uuid`,
      );
    }
    if (k === undefined) {
      if (this.opts.disableMissing && device.isDisabled !== true) {
        this.plan.disable.push({
          uuid: device.uuid!,
          serialNumber: device.serialNumber ?? null,
          edgeDeviceName: device.edgeDeviceName ?? null,
          send: disableRecord(device),
        });
      }
      return;
    }
    this.matched.set(k, uuid);
    const { line, record } = this.records[k]!;
    const diff: DeviceDiff = diffDevice(device, record);
    if (Object.keys(diff.changes).length === 0) {
      this.plan.unchanged++;
      return;
    }
    this.plan.update.push({
      line,
      uuid: device.uuid!,
      serialNumber: record.serialNumber ?? device.serialNumber ?? '',
      changes: diff.changes,
      ...(diff.send ? { send: diff.send } : {}),
      flows: diff.flows,
    });
  }

  finish(): { plan: DevicePlan; conflicts: string[]; incomplete: string[] } {
    // Device uuid -> the serial the file gives it (its serialKey), for devices the file names.
    const serialAfter = new Map<string, string>();
    for (const [k, uuid] of this.matched) {
      const serial = this.records[k]!.record.serialNumber;
      if (serial) serialAfter.set(uuid, serialKey(serial));
    }
    this.records.forEach(({ line, record }, k) => {
      if (!this.matched.has(k)) {
        // Not stored yet: a create, which needs what add needs.
        const parsed = EdgeDeviceInput.safeParse(record);
        if (parsed.success) this.plan.create.push({ line, record: parsed.data });
        else {
          const what = record.uuid
            ? `uuid ${record.uuid}`
            : `serialNumber ${record.serialNumber ?? '(none)'}`;
          for (const p of issuesToProblems(line, parsed.error.issues, record))
            this.incomplete.push(
              `line ${line}: ${p.path ? `${p.path}: ` : ''}${p.message} (${what} is not in the organization: a new device needs what add needs)`,
            );
        }
      }
      if (!record.serialNumber) return;
      const self = this.matched.get(k) ?? record.uuid?.toLowerCase();
      const key = serialKey(record.serialNumber);
      const holder = this.holders.get(key);
      // Another device keeps this serial number (the file does not give it another one): the service
      // would refuse the save.
      if (holder && holder !== self && (serialAfter.get(holder) ?? key) === key)
        this.conflict(k, `serialNumber ${record.serialNumber} is already used by device ${holder}`);
    });
    this.conflicts.sort((a, b) => lineOf(a) - lineOf(b));
    return { plan: this.plan, conflicts: this.conflicts, incomplete: this.incomplete };
  }
}

function lineOf(text: string): number {
  return Number(/^line (\d+)/.exec(text)?.[1] ?? 0);
}

/** The plan of `records` against a whole listing at once (tests, and callers holding the listing). */
export function planDevices(
  records: readonly DesiredDevice[],
  stored: Iterable<EdgeDevice>,
  opts: PlanOptions,
): { plan: DevicePlan; conflicts: string[]; incomplete: string[] } {
  const planner = new DevicePlanner(records, opts);
  for (const device of stored) planner.see(device);
  return planner.finish();
}

/** True when applying the plan would send nothing. */
export function isEmptyPlan(plan: DevicePlan): boolean {
  return plan.create.length === 0 && plan.update.length === 0 && plan.disable.length === 0;
}

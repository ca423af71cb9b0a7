import { describe, expect, it } from 'vitest';
import type { EdgeDevice, EdgeDeviceInput } from '../../src/domain/edge-device.js';
import { diffDevice, MASK } from '../../src/kit/apply/diff.js';
import { type DesiredDevice, isEmptyPlan, planDevices, repeatedKeys } from '../../src/kit/apply/plan.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000009';
const uuid = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function stored(n: number, extra: Partial<EdgeDevice> = {}): EdgeDevice {
  return {
    uuid: uuid(n),
    edgeDeviceName: `dev-${n}`,
    serialNumber: `SN-${n}`,
    ipAdress: '10.0.0.1',
    port: 1880,
    location: 'Hall A',
    shortDescription: 'kept',
    longDescription: null,
    noOfdevices: 2,
    isActive: true,
    isDisabled: false,
    orgUUID: ORG,
    userUUID: null,
    createdOn: '2026-11-21T04:00:00*000+0000',
    modifiedOn: '2026-11-21T04:00:00*000+0000',
    edgeFlows: [],
    externalReferences: [],
    ...extra,
  };
}

function want(line: number, record: Partial<EdgeDeviceInput>): DesiredDevice {
  return { line, record: { edgeDeviceName: 'x', serialNumber: 'x', ...record } as EdgeDeviceInput };
}

const opts = { orgUuid: ORG, disableMissing: false };

describe('planDevices', () => {
  it('creates unmatched records, updates changed fields, counts unchanged ones', () => {
    const records = [
      want(2, { edgeDeviceName: 'dev-1', serialNumber: 'SN-1', ipAdress: '10.0.0.9' }),
      want(3, { edgeDeviceName: 'dev-2', serialNumber: 'SN-2' }),
      want(4, { edgeDeviceName: 'new', serialNumber: 'SN-NEW' }),
    ];
    const { plan, conflicts } = planDevices(records, [stored(1), stored(2), stored(3)], opts);
    expect(conflicts).toEqual([]);
    expect(plan.create).toEqual([{ line: 4, record: records[2]!.record }]);
    expect(plan.unchanged).toBe(1);
    expect(plan.disable).toEqual([]);
    expect(plan.update).toHaveLength(1);
    const u = plan.update[0]!;
    expect(u).toMatchObject({ line: 2, uuid: uuid(1), serialNumber: 'SN-1' });
    expect(u.changes).toEqual({ ipAdress: { from: '10.0.0.1', to: '10.0.0.9' } });
    // The stored fields the file does not give are sent back as they are.
    expect(u.send).toMatchObject({
      uuid: uuid(1),
      shortDescription: 'kept',
      port: 1880,
      ipAdress: '10.0.0.9',
    });
    expect(u.send).not.toHaveProperty('createdOn');
    expect(u.send).not.toHaveProperty('edgeFlows');
  });

  it('matches by uuid before serial number, so a serial can change', () => {
    const { plan } = planDevices([want(2, { uuid: uuid(1), serialNumber: 'SN-1b' })], [stored(1)], opts);
    expect(plan.update[0]!.changes.serialNumber).toEqual({ from: 'SN-1', to: 'SN-1b' });
  });

  it('ignores devices of other organizations, and refuses a uuid that belongs to one', () => {
    const other = stored(9, { orgUUID: OTHER });
    const a = planDevices([want(2, { serialNumber: 'SN-9' })], [other], opts);
    expect(a.plan.create).toHaveLength(1);
    const b = planDevices([want(2, { uuid: uuid(9), serialNumber: 'SN-9' })], [other], opts);
    expect(b.conflicts).toEqual([`line 2: device ${uuid(9)} belongs to organization ${OTHER}`]);
  });

  it('refuses a serial number another device keeps, and one device named twice', () => {
    const a = planDevices([want(5, { uuid: uuid(1), serialNumber: 'SN-2' })], [stored(1), stored(2)], opts);
    expect(a.conflicts).toEqual([`line 5: serialNumber SN-2 is already used by device ${uuid(2)}`]);
    // ...unless the file moves that device to another serial.
    const b = planDevices(
      [want(5, { uuid: uuid(1), serialNumber: 'SN-2' }), want(6, { uuid: uuid(2), serialNumber: 'SN-1' })],
      [stored(1), stored(2)],
      opts,
    );
    expect(b.conflicts).toEqual([]);
    const c = planDevices(
      [want(2, { uuid: uuid(1), serialNumber: 'SN-1x' }), want(3, { serialNumber: 'SN-1' })],
      [stored(1)],
      opts,
    );
    expect(c.conflicts[0]).toMatch(/^line 3: names device .* by its serial number, as line 2 does by uuid/);
  });

  it('--disable-missing plans the devices the file does not name, skipping disabled ones', () => {
    const records = [want(2, { edgeDeviceName: 'dev-1', serialNumber: 'SN-1' })];
    const devices = [stored(1), stored(2), stored(3, { isDisabled: true }), stored(4, { orgUUID: OTHER })];
    expect(planDevices(records, devices, opts).plan.disable).toEqual([]);
    const { plan } = planDevices(records, devices, { ...opts, disableMissing: true });
    expect(plan.disable.map((d) => d.uuid)).toEqual([uuid(2)]);
    expect(plan.disable[0]!.send).toMatchObject({
      uuid: uuid(2),
      isDisabled: true,
      shortDescription: 'kept',
    });
    expect(isEmptyPlan(plan)).toBe(false);
  });

  it('names both lines of a repeated serial number or uuid', () => {
    expect(
      repeatedKeys([
        want(2, { serialNumber: 'A', uuid: uuid(1) }),
        want(3, { serialNumber: 'B' }),
        want(7, { serialNumber: 'A', uuid: uuid(1).toUpperCase() }),
      ]),
    ).toEqual([
      'line 7: serialNumber A repeats line 2',
      `line 7: uuid ${uuid(1).toUpperCase()} repeats line 2`,
    ]);
  });
});

describe('diffDevice', () => {
  const flow = { flowId: 'f1', flowName: 'main', flowJSON: '{"a":1,"b":[1,2]}', isActive: true };

  it('pushes a flow only when it is new or differs; JSON layout is no difference', () => {
    const dev = stored(1, { edgeFlows: [{ uuid: uuid(50), ...flow, shortDescription: 'keep me' }] });
    const same = diffDevice(dev, {
      ...dev,
      edgeFlows: [{ flowId: 'f1', flowJSON: '{ "b": [1, 2], "a": 1 }' }],
    } as EdgeDeviceInput);
    expect(same).toEqual({ changes: {}, flows: [] });
    const changed = diffDevice(dev, {
      edgeDeviceName: 'dev-1',
      serialNumber: 'SN-1',
      edgeFlows: [
        { flowId: 'f1', flowName: 'renamed' },
        { flowId: 'f2', flowJSON: '[]' },
      ],
    } as EdgeDeviceInput);
    expect(Object.keys(changed.changes)).toEqual(['edgeFlows[f1].flowName', 'edgeFlows[f2]']);
    expect(changed.send).toBeUndefined();
    expect(changed.flows[0]).toMatchObject({
      flowId: 'f1',
      flowName: 'renamed',
      shortDescription: 'keep me',
      uuid: uuid(50),
    });
    expect(changed.flows[1]).toEqual({ flowId: 'f2', flowJSON: '[]' });
  });

  it('never compares a masked password, keeps a stored one, and never shows one', () => {
    const ref = {
      uuid: uuid(60),
      entityTypeCodeIdentifier: 'MQTT',
      subType: 'broker',
      userName: 'u',
      password: MASK,
      isActive: true,
    };
    const dev = stored(1, { externalReferences: [ref] });
    const given = {
      edgeDeviceName: 'dev-1',
      serialNumber: 'SN-1',
      externalReferences: [
        { entityTypeCodeIdentifier: 'MQTT', subType: 'broker', userName: 'u', password: 'secret' },
      ],
    };
    expect(diffDevice(dev, given as EdgeDeviceInput).changes).toEqual({});
    const renamed = diffDevice(dev, {
      ...given,
      location: 'Hall B',
      externalReferences: [{ entityTypeCodeIdentifier: 'MQTT', subType: 'broker', userName: 'v' }],
    } as EdgeDeviceInput);
    expect(JSON.stringify(renamed.changes)).not.toContain('secret');
    expect(renamed.changes.externalReferences).toBeDefined();
    // userName changed, so the reference is not matched: nothing to take a password from.
    expect(renamed.send!.externalReferences).toEqual([
      { entityTypeCodeIdentifier: 'MQTT', subType: 'broker', userName: 'v' },
    ]);
    const located = diffDevice(dev, {
      edgeDeviceName: 'dev-1',
      serialNumber: 'SN-1',
      location: 'Hall B',
    } as EdgeDeviceInput);
    expect(located.send!.externalReferences).toEqual([ref]);
  });
});

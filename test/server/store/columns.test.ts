import { describe, expect, it } from 'vitest';
import {
  bind,
  type Entity,
  fieldsAs,
  fromRow,
  insertSql,
  MASK,
  recordOf,
  storedAsIs,
  toRow,
} from '../../../src/server/store/columns.js';
import {
  DEVICE,
  DEVICE_COLUMNS,
  DEVICE_WRITTEN,
  newDeviceRowOf,
  writtenValues,
} from '../../../src/server/store/edge-device-columns.js';

const THING = [
  { field: 'uuid', column: 'uuid', type: 'key' },
  { field: 'name', column: 'name', type: 'text' },
  { field: 'port', column: 'port', type: 'integer' },
  { field: 'isActive', column: 'is_active', type: 'boolean' },
  { field: 'password', column: 'password', type: 'secret' },
  { field: 'createdOn', column: 'created_on', type: 'stamp' },
] as const satisfies Entity;

const row = () =>
  toRow(THING, { uuid: 'u', name: 'n', port: 80, isActive: true, password: 'pw' }, { created_on: 0 });

describe('entity tables', () => {
  it('a record becomes its row and back, the secret masked', () => {
    expect(row()).toEqual({ uuid: 'u', name: 'n', port: 80, is_active: 1, password: 'pw', created_on: 0 });
    expect(fromRow(THING, row(), 'UTC')).toEqual({
      uuid: 'u',
      name: 'n',
      port: 80,
      isActive: true,
      password: MASK,
      createdOn: '1970-01-01T00:00:00*000+0000',
    });
    expect(fromRow(THING, { ...row(), password: null }, 'UTC')).toMatchObject({ password: null });
  });

  it("a raw row's record is the row's record, its fields in the entity's order, from any start", () => {
    const values = (r: Record<string, unknown>) => THING.map((c) => r[c.column]);
    const of = recordOf(THING);
    const record = of(values(row()), 'Asia/Kolkata');
    expect(record).toEqual(fromRow(THING, row(), 'Asia/Kolkata'));
    expect(Object.keys(record as object)).toEqual(THING.map((c) => c.field));
    expect(of(['device', ...values({ ...row(), password: null, is_active: 0 })], 'UTC', 1)).toEqual({
      ...fromRow<object>(THING, row(), 'UTC'),
      isActive: false,
      password: null,
    });
    // Field names are quoted, whatever they hold.
    const odd = [{ field: `it's "odd" \\ $${'{'}x}`, column: 'odd', type: 'text' }] as const;
    expect(recordOf(odd)(['v'], 'UTC')).toEqual({ [odd[0].field]: 'v' });
  });

  it('the as-is check covers every column of the table: a missing or converted value fails it', () => {
    expect(storedAsIs(THING, row())).toBe(true);
    expect(storedAsIs(THING, { ...row(), name: null, port: null })).toBe(true);
    const { created_on: _gone, ...missing } = row();
    expect(storedAsIs(THING, missing)).toBe(false);
    expect(storedAsIs(THING, { ...row(), port: 1.5 })).toBe(false);
    expect(storedAsIs(THING, { ...row(), name: 7 })).toBe(false);
    expect(storedAsIs(THING, { ...row(), password: 7 })).toBe(false);
    expect(storedAsIs(THING, { ...row(), uuid: null })).toBe(false);
  });

  it('an upsert rewrites every column but its key and those it keeps', () => {
    expect(insertSql('t', ['uuid', 'name', 'created_on'], { key: 'uuid', keep: ['created_on'] })).toBe(
      'INSERT INTO t (uuid, name, created_on) VALUES (?, ?, ?) ON CONFLICT (uuid) DO UPDATE SET name = excluded.name',
    );
  });

  it('columns named by the convention: snake_case, a run of capitals one word', () => {
    const columns = fieldsAs('text', 'uuid', 'createdBy', 'orgUUID', 'flowJSON', 'entityTypeUUID', 'port2');
    expect(columns.map((c) => c.column)).toEqual([
      'uuid',
      'created_by',
      'org_uuid',
      'flow_json',
      'entity_type_uuid',
      'port2',
    ]);
    expect(columns.every((c) => c.type === 'text')).toBe(true);
    // The row type follows the same convention: a column the runtime names otherwise would not compile.
    const typed: { column: 'org_uuid' } = columns[2];
    expect(typed.column).toBe('org_uuid');
  });
});

describe("a new device's row", () => {
  it('is the row the columns make of it, every column in their order, the defaults set', () => {
    const at = { uuid: 'd1', orgUUID: 'o1', userUUID: 'u1' };
    const full = {
      edgeDeviceName: 'pump',
      serialNumber: 'SN-1',
      ipAdress: '10.0.0.1',
      port: 1880,
      location: 'Pune',
      shortDescription: 's',
      longDescription: 'l',
      noOfdevices: 3,
      isActive: false,
      isDisabled: true,
    };
    const byColumns = (d: object, active: number, disabled: number) =>
      toRow(DEVICE, d, {
        uuid: at.uuid,
        org_uuid: at.orgUUID,
        user_uuid: at.userUUID,
        is_active: active,
        is_disabled: disabled,
        created_on: 7,
        modified_on: 7,
      });
    const row = newDeviceRowOf(full, at, 7);
    expect(Object.keys(row)).toEqual(DEVICE.map((c) => c.column));
    expect(row).toEqual(byColumns(full, 0, 1));
    // Its values as written: every column in DEVICE_WRITTEN's order, the serial number's key last.
    expect(writtenValues(row)).toEqual([...bind(row, DEVICE_COLUMNS), 'SN-1']);
    expect(DEVICE_WRITTEN).toEqual([...DEVICE_COLUMNS, 'serial_key']);
    // A bare device: null where nothing was given, active and enabled.
    expect(newDeviceRowOf({}, { uuid: 'd2', orgUUID: 'o1' }, 7)).toEqual({
      ...byColumns({}, 1, 0),
      uuid: 'd2',
      user_uuid: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  type Entity,
  fieldsAs,
  fromRow,
  insertSql,
  MASK,
  recordOf,
  storedAsIs,
  toRow,
} from '../../../src/server/store/columns.js';

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

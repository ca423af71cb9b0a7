import { describe, expect, it } from 'vitest';
import {
  type Entity,
  fromRow,
  insertSql,
  MASK,
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
});

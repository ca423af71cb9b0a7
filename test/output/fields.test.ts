import { describe, expect, it } from 'vitest';
import { recordFields } from '../../src/domain/index.js';
import { FieldsError, resolveFields } from '../../src/output/index.js';

describe('resolveFields', () => {
  it('returns the names in the given order, trimmed and without repeats', () => {
    expect(resolveFields('edgeDevice', ' port, uuid ,port,edgeFlows')).toEqual(['port', 'uuid', 'edgeFlows']);
  });

  it('rejects an unknown field, naming it and listing the valid ones', () => {
    let error: unknown;
    try {
      resolveFields('organizationOption', 'key,colour');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FieldsError);
    const fieldsError = error as FieldsError;
    expect(fieldsError.valid).toEqual(recordFields('organizationOption'));
    expect(fieldsError.valid).toEqual([
      'uuid',
      'key',
      'value',
      'organizationUuid',
      'isActive',
      'createdOn',
      'updatedOn',
    ]);
    expect(fieldsError.message).toBe(
      'unknown field "colour"; valid fields: uuid, key, value, organizationUuid, isActive, createdOn, updatedOn',
    );
  });

  it('names every unknown field at once', () => {
    expect(() => resolveFields('license', 'uuid,foo,bar')).toThrow(
      /unknown fields "foo", "bar"; valid fields: uuid,/,
    );
  });

  it('checks names against the kind, not a shared list', () => {
    expect(resolveFields('edgeDevice', 'ipAdress')).toEqual(['ipAdress']);
    expect(() => resolveFields('code', 'ipAdress')).toThrow(FieldsError);
  });

  it('rejects an empty list', () => {
    expect(() => resolveFields('edgeDevice', ' , ')).toThrow(/at least one field/);
  });
});

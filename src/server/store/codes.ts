import type Database from 'better-sqlite3';
import type { Code, CodeSummary, CodeType } from '../../domain/code.js';
import { formatTimestamp } from '../../domain/timestamp.js';
import { groupBy, keyList, orNull, toBool, toInt } from './values.js';

interface CodeTypeRow {
  uuid: string;
  clazz: string | null;
  code_type_identifier: string | null;
  short_description: string | null;
  long_description: string | null;
  value: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

interface CodeRow {
  uuid: string;
  code_type_uuid: string | null;
  clazz: string | null;
  code_identifier: string | null;
  short_description: string | null;
  long_description: string | null;
  value: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

export function codeRepo(db: Database.Database) {
  const putType = db.prepare(
    `INSERT INTO code_types (uuid, clazz, code_type_identifier, short_description, long_description, value,
       is_active, created_on, updated_on)
     VALUES (@uuid, @clazz, @code_type_identifier, @short_description, @long_description, @value, @is_active,
       @now, @now)
     ON CONFLICT (uuid) DO UPDATE SET clazz = excluded.clazz, code_type_identifier = excluded.code_type_identifier,
       short_description = excluded.short_description, long_description = excluded.long_description,
       value = excluded.value, is_active = excluded.is_active, updated_on = excluded.updated_on`,
  );
  const putCode = db.prepare(
    `INSERT INTO codes (uuid, code_type_uuid, clazz, code_identifier, short_description, long_description, value,
       is_active, created_on, updated_on)
     VALUES (@uuid, @code_type_uuid, @clazz, @code_identifier, @short_description, @long_description, @value,
       @is_active, @now, @now)
     ON CONFLICT (uuid) DO UPDATE SET code_type_uuid = excluded.code_type_uuid, clazz = excluded.clazz,
       code_identifier = excluded.code_identifier, short_description = excluded.short_description,
       long_description = excluded.long_description, value = excluded.value, is_active = excluded.is_active,
       updated_on = excluded.updated_on`,
  );
  const typeKeys = db.prepare<[number, number], { uuid: string }>(
    'SELECT uuid FROM code_types ORDER BY created_on, uuid LIMIT ? OFFSET ?',
  );
  const typeCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM code_types');
  const typesOf = db.prepare<[string], CodeTypeRow>(
    'SELECT * FROM code_types WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
  );
  const codesOf = db.prepare<[string], CodeRow>(
    `SELECT * FROM codes WHERE code_type_uuid IN (SELECT value FROM json_each(?))
     ORDER BY code_type_uuid, created_on, uuid`,
  );
  const getCode = db.prepare<[string], CodeRow>('SELECT * FROM codes WHERE uuid = ?');
  const getType = db.prepare<[string], CodeTypeRow>('SELECT * FROM code_types WHERE uuid = ?');

  function typeFields(t: CodeTypeRow, tz: string): Omit<CodeType, 'codes'> {
    return {
      uuid: t.uuid,
      clazz: t.clazz,
      codeTypeIdentifier: t.code_type_identifier,
      shortDescription: t.short_description,
      longDescription: t.long_description,
      value: t.value,
      isActive: toBool(t.is_active),
      createdOn: formatTimestamp(t.created_on, tz),
      updatedOn: formatTimestamp(t.updated_on, tz),
    };
  }

  function codeFields(c: CodeRow, tz: string): CodeSummary {
    return {
      uuid: c.uuid,
      clazz: c.clazz,
      codeIdentifier: c.code_identifier,
      shortDescription: c.short_description,
      longDescription: c.long_description,
      value: c.value,
      isActive: toBool(c.is_active),
      createdOn: formatTimestamp(c.created_on, tz),
      updatedOn: formatTimestamp(c.updated_on, tz),
    };
  }

  function loadTypes(uuids: string[], tz: string): CodeType[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const codes = groupBy(codesOf.all(keys), (c) => c.code_type_uuid ?? '');
    return typesOf.all(keys).map((t) => ({
      ...typeFields(t, tz),
      codes: (codes.get(t.uuid) ?? []).map((c) => codeFields(c, tz)),
    }));
  }

  return {
    typeExists: (uuid: string) => getType.get(uuid) !== undefined,
    putType(t: CodeType & { uuid: string }, now: number): void {
      putType.run({
        uuid: t.uuid,
        clazz: orNull(t.clazz),
        code_type_identifier: orNull(t.codeTypeIdentifier),
        short_description: orNull(t.shortDescription),
        long_description: orNull(t.longDescription),
        value: orNull(t.value),
        is_active: toInt(t.isActive),
        now,
      });
    },
    putCode(c: Code & { uuid: string }, codeTypeUuid: string | null, now: number): void {
      putCode.run({
        uuid: c.uuid,
        code_type_uuid: codeTypeUuid,
        clazz: orNull(c.clazz),
        code_identifier: orNull(c.codeIdentifier),
        short_description: orNull(c.shortDescription),
        long_description: orNull(c.longDescription),
        value: orNull(c.value),
        is_active: toInt(c.isActive),
        now,
      });
    },
    listTypes: (limit: number, offset: number, tz: string) =>
      loadTypes(
        typeKeys.all(limit, offset).map((k) => k.uuid),
        tz,
      ),
    countTypes: () => typeCount.get()!.n,
    /** The code with its code type (and that type's codes, as a code type always carries), or undefined. */
    code(uuid: string, tz: string): Code | undefined {
      const c = getCode.get(uuid);
      if (!c) return undefined;
      const t = c.code_type_uuid ? loadTypes([c.code_type_uuid], tz)[0] : undefined;
      return { ...codeFields(c, tz), codeType: t ?? null };
    },
  };
}

export type CodeRepo = ReturnType<typeof codeRepo>;

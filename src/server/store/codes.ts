import type Database from 'better-sqlite3';
import type { Code, CodeSummary, CodeType } from '../../domain/code.js';
import { bind, fromRow, insertSql, toRow } from './columns.js';
import { CODE, CODE_COLUMNS, CODE_TYPE, type CodeRow, type CodeTypeRow, TYPE_COLUMNS } from './entities.js';
import { prepared } from './sqlite.js';
import { groupBy, keyList, type Stamps } from './values.js';

const UPSERT = { key: 'uuid', keep: ['created_on'] };

export function codeRepo(db: Database.Database) {
  const putType = prepared(() => db.prepare(insertSql('code_types', TYPE_COLUMNS, UPSERT)));
  const putCode = prepared(() => db.prepare(insertSql('codes', CODE_COLUMNS, UPSERT)));
  const typeKeys = prepared(() =>
    db.prepare<[number, number], { uuid: string }>(
      'SELECT uuid FROM code_types ORDER BY created_on, uuid LIMIT ? OFFSET ?',
    ),
  );
  const typeCount = prepared(() => db.prepare<[], { n: number }>('SELECT count(*) AS n FROM code_types'));
  const typesOf = prepared(() =>
    db.prepare<[string], CodeTypeRow>(
      'SELECT * FROM code_types WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
    ),
  );
  const codesOf = prepared(() =>
    db.prepare<[string], CodeRow>(
      `SELECT * FROM codes WHERE code_type_uuid IN (SELECT value FROM json_each(?))
     ORDER BY code_type_uuid, created_on, uuid`,
    ),
  );
  const getCode = prepared(() => db.prepare<[string], CodeRow>('SELECT * FROM codes WHERE uuid = ?'));
  const getType = prepared(() =>
    db.prepare<[string], CodeTypeRow>('SELECT * FROM code_types WHERE uuid = ?'),
  );

  const typeFields = (t: CodeTypeRow, tz: string) => fromRow<Omit<CodeType, 'codes'>>(CODE_TYPE, t, tz);
  const codeFields = (c: CodeRow, tz: string) => fromRow<CodeSummary>(CODE, c, tz);

  function loadTypes(uuids: string[], tz: string): CodeType[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const codes = groupBy(codesOf().all(keys), (c) => c.code_type_uuid ?? '');
    return typesOf()
      .all(keys)
      .map((t) => ({
        ...typeFields(t, tz),
        codes: (codes.get(t.uuid) ?? []).map((c) => codeFields(c, tz)),
      }));
  }

  return {
    typeExists: (uuid: string) => getType().get(uuid) !== undefined,
    putType(t: CodeType & { uuid: string }, now: number, at: Stamps = {}): void {
      const stamps = { created_on: at.created ?? now, updated_on: at.updated ?? now };
      putType().run(bind(toRow(CODE_TYPE, t, stamps), TYPE_COLUMNS));
    },
    putCode(c: Code & { uuid: string }, codeTypeUuid: string | null, now: number, at: Stamps = {}): void {
      const row = toRow(CODE, c, { created_on: at.created ?? now, updated_on: at.updated ?? now });
      putCode().run(bind({ ...row, code_type_uuid: codeTypeUuid }, CODE_COLUMNS));
    },
    listTypes: (limit: number, offset: number, tz: string) =>
      loadTypes(
        typeKeys()
          .all(limit, offset)
          .map((k) => k.uuid),
        tz,
      ),
    countTypes: () => typeCount().get()!.n,
    /** Whole code types for the keys, in listing order. */
    types: loadTypes,
    /** The code with its code type (and that type's codes, as a code type always carries), or undefined. */
    code(uuid: string, tz: string): Code | undefined {
      const c = getCode().get(uuid);
      if (!c) return undefined;
      const t = c.code_type_uuid ? loadTypes([c.code_type_uuid], tz)[0] : undefined;
      return { ...codeFields(c, tz), codeType: t ?? null };
    },
  };
}

export type CodeRepo = ReturnType<typeof codeRepo>;

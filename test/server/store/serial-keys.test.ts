// The migration that keys serial numbers as people read them (domain serialKey) on a database that already
// holds look-alikes: it opens, and from then on no new look-alike is stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serialKey } from '../../../src/domain/serial-key.js';
import { openSqliteEngine as openStore } from '../../../src/server/store/db.js';
import { MIGRATIONS } from '../../../src/server/store/migrations.js';
import { openSqlite } from '../../../src/server/store/sqlite.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ccp-serial-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ORG = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';

describe('serialKey', () => {
  it('reads a serial as a person does: NFC, trimmed, without zero-width characters', () => {
    for (const s of [
      'caf\u00e9-1',
      'cafe\u0301-1',
      'caf\u00e9-1\u200b',
      ' caf\u00e9-1 ',
      '\ufeffcaf\u2060\u00e9-\u200c1\u200d',
    ])
      expect(serialKey(s)).toBe('caf\u00e9-1');
    // Case and inner spaces are what a person reads: kept.
    expect(serialKey('SN 1')).not.toBe(serialKey('sn 1'));
    expect(serialKey('SN 1')).not.toBe(serialKey('SN1'));
  });

  it('keys ASCII the way it keys any text: spaces and controls at either end trimmed, inner ones kept', () => {
    const full = (s: string) =>
      s
        .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
        .trim()
        .normalize('NFC');
    for (const s of [
      '',
      ' ',
      'SN-1',
      ' SN-1',
      'SN-1 ',
      'SN 1',
      '\tSN-1',
      'SN-1\n',
      'a\u000bb',
      '~!',
      'x\u007f',
      '\u00a0SN',
    ])
      expect(serialKey(s), JSON.stringify(s)).toBe(full(s));
    expect(serialKey(' SN-1\t')).toBe('SN-1');
  });
});

describe('the migration that adds serial keys', () => {
  it('backfills the keys; look-alikes stored before keep one key, the first in listing order; new ones are refused', () => {
    const at = MIGRATIONS.findIndex((m) => m.includes('serial_key'));
    expect(at).toBeGreaterThan(0);
    const path = join(dir, 'old.db');
    const old = openSqlite(path);
    old.function('hash_password', (v: unknown) => v);
    for (const m of MIGRATIONS.slice(0, at)) old.exec(m);
    old.pragma(`user_version = ${at}`);
    const insert = old.prepare(
      'INSERT INTO edge_devices (uuid, org_uuid, serial_number, created_on, modified_on) VALUES (?, ?, ?, ?, ?)',
    );
    old.exec(
      `INSERT INTO organizations (uuid, created_on, updated_on) VALUES ('${ORG}', 1, 1), ('${OTHER}', 1, 1)`,
    );
    insert.run('d3', ORG, 'caf\u00e9-1 ', 3, 3);
    insert.run('d1', ORG, 'cafe\u0301-1', 1, 1);
    insert.run('d2', ORG, 'caf\u00e9-1\u200b', 2, 2);
    insert.run('d4', OTHER, 'caf\u00e9-1', 1, 1);
    insert.run('d5', ORG, 'SN-2', 1, 1);
    insert.run('d6', ORG, null, 1, 1);
    old.close();

    const store = openStore(path);
    try {
      const keys = store.db.prepare('SELECT uuid, serial_key FROM edge_devices ORDER BY uuid').all();
      expect(keys).toEqual([
        { uuid: 'd1', serial_key: 'caf\u00e9-1' },
        { uuid: 'd2', serial_key: null },
        { uuid: 'd3', serial_key: null },
        { uuid: 'd4', serial_key: 'caf\u00e9-1' },
        { uuid: 'd5', serial_key: 'SN-2' },
        { uuid: 'd6', serial_key: null },
      ]);
      // Every look-alike names the first one.
      expect(store.edgeDevices.bySerial(ORG, 'caf\u00e9-1 ')?.uuid).toBe('d1');
      const batch = store.edgeDevices.batch(10);
      expect(batch.save({ serialNumber: '\u200bcaf\u00e9-1' }, { uuid: 'd7', orgUUID: ORG }, false)).toBe(
        false,
      );
      expect(batch.save({ serialNumber: 'sn-2 ' }, { uuid: 'd8', orgUUID: ORG }, false)).toBe(true);
      expect(batch.save({ serialNumber: 'SN-2 ' }, { uuid: 'd9', orgUUID: ORG }, false)).toBe(false);
      // A look-alike stored before keeps its place until it is saved again, with a serial of its own.
      expect(batch.save({ serialNumber: 'caf\u00e9-1\u200b' }, { uuid: 'd2', orgUUID: ORG }, true)).toBe(
        false,
      );
      expect(batch.save({ serialNumber: 'caf\u00e9-2' }, { uuid: 'd2', orgUUID: ORG }, true)).toBe(true);
      expect(store.edgeDevices.bySerial(ORG, 'cafe\u0301-2')?.uuid).toBe('d2');
    } finally {
      store.close();
    }
  });
});

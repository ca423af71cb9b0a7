// The floor of a bulk add, in a process of its own so that it pays what ccp pays to start (node, its
// modules, a cold JIT): the same CSV parsed with csv-parse, as ccp parses it, and its rows inserted into one
// SQLite table with the devices table's columns and indexes (their DDL read from SCHEMA, a database of the
// project), in one transaction, in a new database file with the store's pragmas.
// Usage: node direct-insert.mjs SCHEMA DB CSV ORG USER
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';

const [schemaPath, dbPath, file, org, user] = process.argv.slice(2);
const schema = new Database(schemaPath, { readonly: true });
const ddl = schema
  .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'edge_devices' AND sql IS NOT NULL")
  .pluck()
  .all();
schema.close();
const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// One table alone: the organization it names is not there to check (better-sqlite3 turns the checks on).
db.pragma('foreign_keys = OFF');
for (const sql of ddl) db.exec(sql);
const insert = db.prepare(`INSERT INTO edge_devices (uuid, org_uuid, user_uuid, edge_device_name,
  serial_number, ip_adress, port, location, short_description, long_description, no_of_devices, is_active,
  is_disabled, created_on, modified_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, ?, ?)`);
const rows = parse(readFileSync(file, 'utf8'), { columns: true });
db.transaction(() => {
  const now = Date.now();
  for (const r of rows) {
    insert.run(
      randomUUID(),
      org,
      user,
      r.edgeDeviceName,
      r.serialNumber,
      r.ipAdress,
      Number(r.port),
      r.location,
      r.shortDescription,
      r.isActive === 'true' ? 1 : 0,
      now,
      now,
    );
  }
})();
db.close();

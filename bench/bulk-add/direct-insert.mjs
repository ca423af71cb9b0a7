// The direct insert in a process of its own, so that it pays what ccp pays to start: node, its modules, a
// cold JIT. Usage: node direct-insert.mjs DB CSV BATCH ORG USER (the schema is already in DB).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

// better-sqlite3 13 needs Node 22; Node 20 runs 12 (src/server/store/sqlite.ts).
const { default: Database } = await import(
  Number(process.versions.node.split('.')[0]) < 22 ? 'better-sqlite3-node20' : 'better-sqlite3'
);

const [dbPath, file, batchText, org, user] = process.argv.slice(2);
const batch = Number(batchText);
const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
const insert = db.prepare(`INSERT INTO edge_devices (uuid, org_uuid, user_uuid, edge_device_name,
  serial_number, ip_adress, port, location, short_description, long_description, no_of_devices, is_active,
  is_disabled, created_on, modified_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, ?, ?)`);
const rows = parse(readFileSync(file, 'utf8'), { columns: true });
const save = db.transaction((part) => {
  const now = Date.now();
  for (const r of part) {
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
});
for (let i = 0; i < rows.length; i += batch) save(rows.slice(i, i + batch));
db.close();

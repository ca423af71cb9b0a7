// The baseline of `ccp server import`: the same NDJSON file's rows inserted with better-sqlite3 alone, in a
// process of its own (node, its modules, a cold JIT, as ccp pays), one transaction as the import is. Reads
// the file a line at a time and stores what the twin stores: the organization, each device, its references
// (a password as the mask), the device count. Usage: node bare-import.mjs DB NDJSON (the schema is in DB).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { referenceRows } from './bare-references.mjs';

// better-sqlite3 13 needs Node 22; Node 20 runs 12 (src/server/store/sqlite.ts).
const { default: Database } = await import(
  Number(process.versions.node.split('.')[0]) < 22 ? 'better-sqlite3-node20' : 'better-sqlite3'
);

const [dbPath, file] = process.argv.slice(2);
const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
const org = db.prepare(
  'INSERT INTO organizations (uuid, org_name, is_active, created_on, updated_on) VALUES (?, ?, 1, ?, ?)',
);
const device = db.prepare(`INSERT INTO edge_devices (uuid, org_uuid, edge_device_name, serial_number,
  ip_adress, port, location, is_active, is_disabled, created_on, modified_on)
  VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?)`);
const reference = db.prepare(`INSERT INTO external_references (uuid, device_uuid, user_name, password,
  is_active, created_on, modified_on) VALUES (?, ?, ?, ?, 1, ?, ?)`);
const count = db.prepare(
  'INSERT INTO org_device_counts (org_uuid, n) VALUES (?, ?) ON CONFLICT (org_uuid) DO UPDATE SET n = n + excluded.n',
);
const now = Date.now();
const counts = new Map();
db.exec('BEGIN IMMEDIATE');
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (line === '') continue;
  const r = JSON.parse(line);
  if (r.organizations) {
    for (const o of r.organizations) org.run(o.uuid, o.orgName, now, now);
    continue;
  }
  device.run(r.uuid, r.orgUUID, r.edgeDeviceName, r.serialNumber, r.ipAdress, r.port, r.location, now, now);
  counts.set(r.orgUUID, (counts.get(r.orgUUID) ?? 0) + 1);
  for (const ref of referenceRows(r)) reference.run(...ref, now, now);
}
for (const [o, n] of counts) count.run(o, n);
db.exec('COMMIT');
db.close();

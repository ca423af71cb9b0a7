// The baseline of `ccp server import` into PostgreSQL: the same NDJSON file's rows COPYed with `pg` and
// pg-copy-streams alone, in a process of its own, one transaction as the import is, into the twin's own tables
// (their indexes and constraints). Stores what the twin stores: the organization, each device (with its
// serial key), its references (a password as the mask), the device count. Usage: node bare-import-pg.mjs URL
// NDJSON (the tables are in the database).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { referenceRows } from './bare-references.mjs';

const [url, file] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
const now = Date.now();
const field = (v) => (v == null ? '\\N' : String(v).replace(/[\\\t\n\r]/g, (c) => `\\${c}`));
const row = (values) => `${values.map(field).join('\t')}\n`;

/** A COPY of its own on the connection: nothing else may run on it until the copy ends. */
function copy(sql) {
  const stream = client.query(copyFrom(sql));
  const done = new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  return { stream, done };
}

await client.query('BEGIN');
let devices;
const counts = new Map();
const refs = [];
let chunk = '';
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (line === '') continue;
  const r = JSON.parse(line);
  if (r.organizations) {
    for (const o of r.organizations) {
      await client.query(
        'INSERT INTO organizations (uuid, org_name, is_active, created_on, updated_on) VALUES ($1, $2, 1, $3, $3)',
        [o.uuid, o.orgName, now],
      );
    }
    continue;
  }
  devices ??= copy(`COPY edge_devices (uuid, org_uuid, edge_device_name, serial_number, ip_adress, port,
    location, is_active, is_disabled, created_on, modified_on, serial_key) FROM STDIN`);
  const { stream } = devices;
  chunk += row([
    r.uuid,
    r.orgUUID,
    r.edgeDeviceName,
    r.serialNumber,
    r.ipAdress,
    r.port,
    r.location,
    1,
    0,
    now,
    now,
    r.serialNumber,
  ]);
  counts.set(r.orgUUID, (counts.get(r.orgUUID) ?? 0) + 1);
  for (const ref of referenceRows(r)) refs.push(row([...ref, 1, now, now]));
  if (chunk.length >= 65_536) {
    if (!stream.write(chunk)) await new Promise((r) => stream.once('drain', r));
    chunk = '';
  }
}
if (devices) {
  devices.stream.end(chunk);
  await devices.done;
}
const references = copy(
  'COPY external_references (uuid, device_uuid, user_name, password, is_active, created_on, modified_on) FROM STDIN',
);
references.stream.end(refs.join(''));
await references.done;
for (const [o, n] of counts) {
  await client.query(
    'INSERT INTO org_device_counts (org_uuid, n) VALUES ($1, $2) ON CONFLICT (org_uuid) DO UPDATE SET n = org_device_counts.n + EXCLUDED.n',
    [o, n],
  );
}
await client.query('COMMIT');
await client.end();

// The export baseline: the same rows streamed as NDJSON straight from better-sqlite3, in a process of its
// own (it pays node's start as ccp does). Usage: node bare-export.mjs DB
// better-sqlite3 13 needs Node 22; Node 20 runs 12 (src/server/store/sqlite.ts).
const { default: Database } = await import(
  Number(process.versions.node.split('.')[0]) < 22 ? 'better-sqlite3-node20' : 'better-sqlite3'
);

const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare('SELECT * FROM edge_devices ORDER BY created_on, uuid').iterate();
let buf = '';
// next() by hand: leaving a for...of early (to wait for 'drain') would close the statement's iterator.
function pump() {
  for (let next = rows.next(); !next.done; next = rows.next()) {
    const r = next.value;
    r.created_on = new Date(r.created_on).toISOString();
    r.modified_on = new Date(r.modified_on).toISOString();
    buf += `${JSON.stringify(r)}\n`;
    if (buf.length > 65536) {
      const ok = process.stdout.write(buf);
      buf = '';
      if (!ok) return process.stdout.once('drain', pump);
    }
  }
  process.stdout.write(buf);
}
pump();

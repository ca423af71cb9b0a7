/**
 * Another process holding a SQLite database's write lock (BEGIN IMMEDIATE) for a while, as a second
 * `ccp server start` or an embedded `ccp` command would. It must be another process: a connection in the
 * test's own process could not release the lock while the server, in that same thread, waits for it.
 *
 *   const held = await holdWriteLock(dbPath, 1000);  // resolves once the lock is taken
 *   ...; await held.released;
 */
import { spawn } from 'node:child_process';
import { ROOT } from './cli.js';

const SCRIPT = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
// A write, so readers' snapshots are stale once it commits (as after a real writer).
db.exec('CREATE TABLE IF NOT EXISTS lock_probe (n INTEGER); INSERT INTO lock_probe VALUES (1)');
process.stdout.write('locked\\n');
const release = () => { db.exec('COMMIT'); db.close(); };
// 'hold': until the test closes stdin; else a number of milliseconds.
if (process.argv[2] === 'hold') process.stdin.on('end', release).resume();
else setTimeout(release, Number(process.argv[2]));
`;

export async function holdWriteLock(
  dbPath: string,
  ms: number | 'hold',
): Promise<{ released: Promise<void>; release: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', SCRIPT, dbPath, String(ms)], { cwd: ROOT, stdio: 'pipe' });
  const released = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lock holder exited ${code}`))));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code} before taking the lock`)));
  });
  return {
    released,
    release: () => {
      child.stdin.end();
      return released;
    },
  };
}

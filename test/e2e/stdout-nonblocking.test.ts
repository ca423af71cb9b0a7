// Stdout a pipe that another program made non-blocking (a flag of the pipe itself, shared by every process
// that holds it): a write takes only what fits and the rest waits for the reader. A long listing must
// still write every record and exit 0, never end early with part of its output and a success.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDatabase } from '../../bench/lib/devices.js';
import { BIN, isolatedEnv, tempDir } from '../helpers/cli.js';

const DEVICES = 6000;
let tmp: { dir: string; remove: () => Promise<void> };
let db: string;

beforeAll(async () => {
  tmp = await tempDir('ccp-nonblocking-');
  db = join(tmp.dir, 'ccp.db');
  await (await deviceDatabase(db, DEVICES)).close();
}, 60_000);
afterAll(() => tmp?.remove());

describe('stdout on a non-blocking pipe', () => {
  it('writes every record of a long listing, and exits 0, while the reader is slow', async () => {
    // python3 sets O_NONBLOCK on the pipe to the reader (a flag of the pipe, which ccp then inherits as
    // the shell becomes it); the reader waits a second first, so the pipe fills many times over.
    const nonBlocking =
      'import fcntl, os; fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_NONBLOCK)';
    const script = `set -o pipefail
      { python3 -c '${nonBlocking}'; exec "$NODE" "$BIN" --db "$DB" edgedevice list --all -o ndjson; } | { sleep 1; wc -l; }
      echo "exit $?"`;
    const { stdout } = await promisify(execFile)('bash', ['-c', script], {
      env: { ...isolatedEnv(tmp.dir), NODE: process.execPath, BIN, DB: db },
      timeout: 60_000,
    });
    expect(stdout.trim().split(/\s+/)).toEqual([String(DEVICES), 'exit', '0']);
  }, 90_000);
});

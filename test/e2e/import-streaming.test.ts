// server import reads its file a record at a time: 200,000 devices (about 40 MB of JSON, which whole and
// parsed took 500 MB) load in a process whose peak resident memory stays under the budget, read from
// /proc/<pid>/status while it runs.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { BIN, ensureBuilt, isolatedEnv, tempDir } from '../helpers/cli.js';

const DEVICES = 200_000;
const PEAK_MB = 250;
const ORG = 'a0000000-0000-4000-8000-0000000000c1';
let tmp: { dir: string; remove: () => Promise<void> };

const device = (i: number) =>
  JSON.stringify({
    uuid: `d${i.toString(16).padStart(7, '0')}-0000-4000-8000-000000000000`,
    edgeDeviceName: `gateway ${i}`,
    serialNumber: `SN-${i}`,
    ipAdress: '10.0.0.1',
    port: 1880,
    location: 'Hall 1',
    orgUUID: ORG,
  });

/** Writes `lines` to a file, waiting for the stream to drain. */
async function writeFile(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) {
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

function* ndjson(): Iterable<string> {
  yield `${JSON.stringify({ organizations: [{ uuid: ORG, orgName: 'Import Org' }] })}\n`;
  for (let i = 0; i < DEVICES; i++) yield `${device(i)}\n`;
}

// The organizations after the devices: a streamed file may name them in any order.
function* fixture(): Iterable<string> {
  yield '{\n  "edgeDevices": [\n';
  for (let i = 0; i < DEVICES; i++) yield `${i ? ',\n' : ''}    ${device(i)}`;
  yield `\n  ],\n  "organizations": [{ "uuid": "${ORG}", "orgName": "Import Org" }]\n}\n`;
}

/** Runs `ccp server import`, polling the child's peak resident set (VmHWM) until it exits. */
function importPeak(
  file: string,
  db: string,
): Promise<{ code: number | null; peakMb: number; stdout: string }> {
  const child = spawn(process.execPath, [BIN, 'server', 'import', file, '--db', db], {
    env: isolatedEnv(tmp.dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peakKb = 0;
  let stdout = '';
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      // exited between two polls
    }
  }, 20);
  child.stdout.on('data', (b: Buffer) => {
    stdout += b.toString();
  });
  child.stderr.resume();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, peakMb: peakKb / 1024, stdout });
    });
  });
}

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-import-');
  await writeFile(join(tmp.dir, 'devices.ndjson'), ndjson());
  await writeFile(join(tmp.dir, 'fixture.json'), fixture());
}, 120_000);
afterAll(() => tmp.remove());

describe.skipIf(process.platform !== 'linux')('server import streams its file', () => {
  for (const name of ['devices.ndjson', 'fixture.json']) {
    it(`loads ${DEVICES.toLocaleString('en')} devices from ${name} under ${PEAK_MB} MB`, async () => {
      const db = join(tmp.dir, `${name}.db`);
      const r = await importPeak(join(tmp.dir, name), db);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ organizations: 1, edgeDevices: DEVICES });
      expect(r.peakMb).toBeGreaterThan(0);
      expect(r.peakMb).toBeLessThan(PEAK_MB);
      const check = openSqlite(db, { readonly: true });
      try {
        expect(check.prepare('SELECT count(*) AS n FROM edge_devices').get()).toEqual({ n: DEVICES });
        expect(check.prepare('SELECT n FROM org_device_counts WHERE org_uuid = ?').get(ORG)).toEqual({
          n: DEVICES,
        });
      } finally {
        check.close();
      }
    }, 180_000);
  }

  it('stores nothing when a record late in the file is refused', async () => {
    const file = join(tmp.dir, 'bad.ndjson');
    const db = join(tmp.dir, 'bad.db');
    await writeFile(file, [
      `${JSON.stringify({ organizations: [{ uuid: ORG, orgName: 'Import Org' }] })}\n`,
      ...Array.from({ length: 2500 }, (_, i) => `${device(i)}\n`),
      `${JSON.stringify({ serialNumber: 'x', orgUUID: 'a0000000-0000-4000-8000-0000000000c9' })}\n`,
    ]);
    const r = await importPeak(file, db);
    expect(r.code).toBe(2);
    const check = openSqlite(db, { readonly: true });
    try {
      expect(check.prepare('SELECT count(*) AS n FROM edge_devices').get()).toEqual({ n: 0 });
      expect(check.prepare('SELECT count(*) AS n FROM organizations').get()).toEqual({ n: 0 });
    } finally {
      check.close();
    }
  }, 60_000);
});

// A bulk add against a service prints and journals the saved records as the service wrote them (cli.md:
// into a pipe, records as the service sent them), read from the answer's bytes rather than parsed and
// written again: the service's own escapes and number spellings survive, which a parse would lose. The
// real bin/ccp.js against a service on loopback.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../../helpers/cli.js';
import { type Fake, fakeService } from '../../helpers/fake-service.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';

let tmp: { dir: string; remove: () => Promise<void> };
let service: Fake;
let env: NodeJS.ProcessEnv;
let file: string;
let answered = 0;

/** A saved device as this service spells it: an escaped letter, a port written with an exponent. */
const record = (n: number) =>
  `{"uuid":"d0000000-0000-4000-8000-00000000000${n}","serialNumber":"SN-\\u004${n}","port":1.88e3,"orgUUID":"${ORG}"}`;

beforeAll(async () => {
  tmp = await tempDir('ccp-saved-lines-');
  service = await fakeService((_req, res) => {
    const k = answered++ * 2;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"statusCode":"OK","metadata":{},"data":[${record(k + 1)},${record(k + 2)}]}`);
  });
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', CCP_BASE_URL: service.url });
  file = join(tmp.dir, 'devices.csv');
  writeFileSync(file, 'edgeDeviceName,serialNumber\nA,SN-A\nB,SN-B\nC,SN-C\nD,SN-D\n');
});
afterAll(async () => {
  await service?.close();
  await tmp?.remove();
});

const target = ['--org', ORG, '--user', ORG, '--batch-size', '2'];
const add = (...more: string[]) => ['edgedevice', 'add', '-f', file, ...target, ...more];

describe('a bulk add prints and journals the saved records as the service wrote them', () => {
  it('-o ndjson into a pipe, and the journal: the answer’s bytes, a record a line', async () => {
    answered = 0;
    const journal = join(tmp.dir, 'saved.ndjson');
    const r = await spawnCcp(add('-o', 'ndjson', '--saved-file', journal), { env });
    expect(r.code, r.stderr).toBe(0);
    const expected = [1, 2, 3, 4].map((n) => `${record(n)}\n`).join('');
    expect(r.stdout).toBe(expected);
    expect(readFileSync(journal, 'utf8')).toBe(expected);
    expect(r.stderr).toContain('Saved 4 edge devices in 2 batches');
  });

  it('-o json: the records they are', async () => {
    answered = 0;
    const r = await spawnCcp(add('-o', 'json'), { env });
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(r.stdout) as { serialNumber: string; port: number }[];
    expect(saved.map((d) => d.serialNumber)).toEqual(['SN-A', 'SN-B', 'SN-C', 'SN-D']);
    expect(saved.every((d) => d.port === 1880)).toBe(true);
  });
});

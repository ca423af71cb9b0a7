// `-o ndjson` of a remote listing prints each record as the service wrote it (domain/record-lines.ts): bin/ccp.js
// against a loopback service whose record texts keep forms of their own (escapes, exponents), with pages
// it spaces out, an error inside a page, and page sizes that cut a page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, ndjson, spawnCcp, tempDir } from '../helpers/cli.js';

const COUNT = 23;
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** Record i's text as this service writes it: JSON, but not the text JSON.stringify would give. */
const served = (i: number) =>
  `{"uuid":"${uuid(i)}","edgeDeviceName":"caf\\u00e9 ${i} a\\/b","serialNumber":"AS-${i}",` +
  `"port":1.88E3,"isActive":true,"location":null,"createdOn":${1_763_460_000_123 + i * 60_000},` +
  `"edgeFlows":[{"flowName":"},{\\"x\\":[1]}"}]}`;

let server: Server;
let base: string;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
/** Page numbers (at the size asked) the service answers spaced out, as a pretty-printing service would. */
const spaced = new Set<number>();
/** A page number whose answer is an error envelope that still carries records. */
let failing: number | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/edgedevice\/all\/(\d+)$/.exec(url.pathname);
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const pageNo = Number(m[1]);
    const size = Number(url.searchParams.get('pageSize') ?? 10);
    const ids = Array.from({ length: COUNT }, (_, i) => i + 1).slice(pageNo * size, (pageNo + 1) * size);
    const records = ids.map(served);
    const status = pageNo === failing ? '"statusCode":"CCP-ERR-9","reason":"page gone"' : '"statusCode":"OK"';
    let body = `{${status},"data":[${records.join(',')}],"metadata":null}`;
    if (spaced.has(pageNo)) body = JSON.stringify(JSON.parse(body), null, 2);
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(COUNT) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tmp = await tempDir('ccp-as-served-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: base, CCP_TOKEN: 'service-token' });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await tmp.remove();
});

const list = (args: string[]) => spawnCcp(['edgedevice', 'list', ...args], { env });
const all = Array.from({ length: COUNT }, (_, i) => served(i + 1));

describe('-o ndjson of a remote listing', () => {
  it('prints each record as the service wrote it, one a line, whatever --parallel says', async () => {
    const four = await list(['--all', '--page-size', '5', '-o', 'ndjson']);
    expect(four.code, four.stderr).toBe(0);
    expect(four.stdout).toBe(`${all.join('\n')}\n`);
    const one = await list(['--all', '--page-size', '5', '-o', 'ndjson', '--parallel', '1']);
    expect(one.stdout).toBe(four.stdout);
  });

  it('a page cut by --limit, and the formats that read records, give the same values', async () => {
    const cut = await list(['--limit', '7', '--page-size', '5', '-o', 'ndjson']);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toBe(`${all.slice(0, 7).join('\n')}\n`);
    const values = all.map((t) => JSON.parse(t) as Record<string, unknown>);
    const json = await list(['--all', '--page-size', '5', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(values);
    const fields = await list([
      '--all',
      '--page-size',
      '5',
      '-o',
      'ndjson',
      '--fields',
      'uuid,edgeDeviceName',
    ]);
    expect(ndjson(fields.stdout)).toEqual(
      values.map((v) => ({ uuid: v.uuid, edgeDeviceName: v.edgeDeviceName })),
    );
    expect(fields.stdout).toContain('"café 1 a/b"');
    const iso = await list(['--all', '--page-size', '5', '-o', 'ndjson', '--timestamps', 'iso']);
    expect(ndjson(iso.stdout)[0]!.createdOn).toBe(new Date(1_763_460_060_123).toISOString());
  });

  it('a page the service spaced out is read and written as one record a line', async () => {
    spaced.add(1);
    try {
      const r = await list(['--all', '--page-size', '5', '-o', 'ndjson']);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(COUNT);
      expect(lines.map((l) => JSON.parse(l))).toEqual(all.map((t) => JSON.parse(t)));
      // The other pages still as they came.
      expect(lines.slice(0, 5)).toEqual(all.slice(0, 5));
      expect(lines[5]).toBe(JSON.stringify(JSON.parse(all[5]!)));
    } finally {
      spaced.clear();
    }
  });

  it('an error envelope in a page ends the walk after the records before it, with a non-zero exit', async () => {
    failing = 2;
    try {
      const r = await list(['--all', '--page-size', '5', '-o', 'ndjson', '--parallel', '1']);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('page gone');
      expect(r.stdout).toBe(`${all.slice(0, 10).join('\n')}\n`);
    } finally {
      failing = undefined;
    }
  });
});

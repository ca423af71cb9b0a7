// End-to-end: the built bin/ccp.js in a child process against a real server over a temp SQLite file.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CODE, DEVICE, LICENSE } from '../fixtures/basic-ids.js';
import { isolatedEnv, ndjson, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer, walkPages } from '../helpers/server.js';

let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
// biome-ignore lint/suspicious/noExplicitAny: server records
let devices: any[];

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir('ccp-e2e-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin, CCP_TIME_ZONE: 'UTC' });
  devices = await walkPages(srv, '/edgedevice/all', 100, { timeZone: 'UTC' });
});

afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

const FIELDS = ['--fields', 'uuid,serialNumber,port'];

describe('every output format (bin/ccp.js)', () => {
  it('json (the default when stdout is a pipe) prints the records array, not the envelope', async () => {
    const r = await spawnCcp(['edgedevice', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Array.isArray(out)).toBe(true);
    expect(out.map((d: { uuid: string }) => d.uuid)).toEqual(devices.map((d) => d.uuid));
  });

  it('ndjson: one record per line', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '-o', 'ndjson', ...FIELDS], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(devices.length);
    expect(rows[0]).toEqual({
      uuid: devices[0].uuid,
      serialNumber: devices[0].serialNumber,
      port: devices[0].port,
    });
  });

  it('csv: a header and one row per record', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '-o', 'csv', ...FIELDS], { env });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('uuid,serialNumber,port');
    expect(lines[1]).toBe(`${devices[0].uuid},${devices[0].serialNumber},${devices[0].port}`);
    expect(lines).toHaveLength(devices.length + 1);
  });

  it('yaml: a list of records', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '-o', 'yaml', ...FIELDS], { env });
    const parsed = parseYaml(r.stdout);
    expect(parsed).toHaveLength(devices.length);
    expect(parsed[0].uuid).toBe(devices[0].uuid);
  });

  it('table: columns for the fields, no colour when not a terminal', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '-o', 'table', ...FIELDS], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/UUID/);
    expect(r.stdout).toMatch(/Serial number/);
    expect(r.stdout).toContain('SN-1001');
    expect(r.stdout.includes(`${String.fromCharCode(27)}[`)).toBe(false);
  });

  it('--json equals -o json', async () => {
    const a = await spawnCcp(['code', 'get', CODE.gateway, '--json'], { env });
    const b = await spawnCcp(['code', 'get', CODE.gateway, '-o', 'json'], { env });
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout)[0].uuid).toBe(CODE.gateway);
  });
});

describe('exit codes (bin/ccp.js)', () => {
  it('0 on success', async () => {
    expect((await spawnCcp(['license', 'activate', LICENSE.active], { env })).code).toBe(0);
  });

  it('4 for the HTTP 200 answer that a code does not exist (CCP-CS-001), naming code and reason', async () => {
    const r = await spawnCcp(['code', 'get', '11111111-1111-4111-8111-111111111111', '-o', 'json'], { env });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    const [line, json] = r.stderr.trim().split('\n');
    expect(line).toBe(
      'ccp: CCP-CS-001 Error while fetching Code: code 11111111-1111-4111-8111-111111111111 (HTTP 200)',
    );
    expect(JSON.parse(json!)).toEqual({
      code: 'CCP-CS-001',
      reason: 'Error while fetching Code: code 11111111-1111-4111-8111-111111111111',
      httpStatus: 200,
      exitCode: 4,
    });
  });

  it('2 for a usage error', async () => {
    const r = await spawnCcp(['edgedevice', 'lst'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Did you mean .*\blist\b/);
  });

  it('3 for a bad token (401) and for a role that may not (403)', async () => {
    const bad = await spawnCcp(['edgedevice', 'list', '--token', 'ccp_not-a-real-token', '--json'], { env });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stderr.trim().split('\n').at(-1)!)).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
    const viewer = await spawnCcp(['license', 'deactivate', LICENSE.active, '--token', srv.tokens.viewer], {
      env,
    });
    expect(viewer.code).toBe(3);
    expect(viewer.stderr).toContain('FORBIDDEN');
  });

  it('4 for an unknown resource (404)', async () => {
    const r = await spawnCcp(['license', 'activate', DEVICE.gateway1], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('NOT_FOUND');
  });

  it('5 when the connection is refused', async () => {
    const r = await spawnCcp(['edgedevice', 'list', '--base-url', 'http://127.0.0.1:1', '--timeout', '2s'], {
      env,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('connection refused');
  });

  it('--verbose traces the exchange on stderr with the token redacted', async () => {
    const token = srv.tokens.admin;
    const r = await spawnCcp(['codetype', 'list', '--page-size', '1', '--verbose'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`> GET ${srv.url}/codeTypes/0?pageSize=1`);
    expect(r.stderr).toMatch(/< 200 \(\d+ ms\)/);
    expect(r.stderr).toContain('authorization: Bearer [redacted]');
    expect(r.stderr).not.toContain(token.slice(-4));
    expect(r.stderr).not.toContain(token);
    expect(r.stdout).not.toContain(token);
    JSON.parse(r.stdout);
  });
});

import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEVICE } from '../fixtures/basic-ids.js';
import { type CliTarget, runCli, startCliTarget } from '../helpers/cli.js';

let target: CliTarget;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  target = await startCliTarget({ role: 'admin' });
  ({ env } = target);
});

afterAll(async () => {
  await target?.close();
});

describe('ccp api', () => {
  it('GET prints the whole response envelope', async () => {
    const r = await runCli(['api', 'get', '/edgedevice/all/0?pageSize=2'], { env });
    expect(r.code, r.stderr).toBe(0);
    const env_ = JSON.parse(r.stdout);
    expect(env_.statusCode).toBe('OK');
    expect(env_.data).toHaveLength(2);
    expect(env_.data[0].uuid).toBe(DEVICE.gateway1);
    expect(env_.metadata).toBeTypeOf('object');
  });

  it('POST sends a bare array of records read from stdin', async () => {
    const r = await runCli(['api', 'POST', '/codes', '-f', '-'], {
      env,
      stdin: JSON.stringify([{ uuid: CODE.sine }]),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data[0].uuid).toBe(CODE.sine);
  });

  it('sends an envelope file as it is, and exits 4 on CCP-CS-001 (an unknown code) after printing the envelope', async () => {
    const file = join(target.dir, 'lookup.json');
    await writeFile(
      file,
      JSON.stringify({ data: [{ uuid: '11111111-1111-4111-8111-111111111111' }], metadata: {} }),
    );
    const r = await runCli(['api', 'POST', 'codes', '-f', file], { env });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout)).toMatchObject({ data: [], statusCode: 'CCP-CS-001' });
    expect(r.stderr).toContain('CCP-CS-001');
  });

  it('exit code follows the HTTP status of an error envelope: 404 -> 4, 401 -> 3, 400 -> 1', async () => {
    expect((await runCli(['api', 'GET', '/nowhere'], { env })).code).toBe(4);
    expect(
      (await runCli(['api', 'GET', '/codeTypes/0?pageSize=1', '--token', 'ccp_wrong'], { env })).code,
    ).toBe(3);
    const wrongMethod = await runCli(['api', 'DELETE', '/codes'], { env });
    expect(wrongMethod.code).toBe(1);
    expect(JSON.parse(wrongMethod.stdout).statusCode).toBe('CCP-HTTP-003');
  });

  it('refuses a file that is not JSON, not an envelope, or a body on GET (exit 2)', async () => {
    const bad = join(target.dir, 'bad.json');
    await writeFile(bad, '{nope');
    expect((await runCli(['api', 'POST', '/codes', '-f', bad], { env })).code).toBe(2);
    expect((await runCli(['api', 'POST', '/codes', '-f', '-'], { env, stdin: '{"a":1}' })).code).toBe(2);
    expect((await runCli(['api', 'GET', '/codes', '-f', '-'], { env, stdin: '[]' })).code).toBe(2);
    expect((await runCli(['api', 'FETCH', '/codes'], { env })).code).toBe(2);
    expect((await runCli(['api', 'GET', 'http://elsewhere/codes'], { env })).code).toBe(2);
  });
});

describe('ccp api on a path that answers other JSON', () => {
  it('prints /openapi.json as it came, exit 0', async () => {
    const r = await runCli(['api', 'GET', '/openapi.json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).openapi).toMatch(/^3\./);
  });
});

describe('ccp api sends credentials to the base URL alone', () => {
  it('refuses (exit 2) a path the URL parser would read as another host; that host hears nothing', async () => {
    const heard: IncomingHttpHeaders[] = [];
    const elsewhere = createServer((req, res) => {
      heard.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const paths = [
        ` http://${host}/x`,
        `\thttp://${host}/x`,
        `ht\ntp://${host}/x`,
        `http://${host}/x\n`,
        `http:\\\\${host}/x`,
        `https:${host}/x`,
        `///${host}/x`,
        `//${host}/x`,
        `\\\\${host}/x`,
      ];
      for (const path of paths) {
        const r = await runCli(['api', 'GET', path, '-H', 'X-Api-Secret: s3cret-header'], { env });
        expect(r.code, JSON.stringify(path)).toBe(2);
        expect(r.stderr).toContain('not a URL');
      }
      expect(heard).toEqual([]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((r) => elsewhere.close(r));
    }
  });
});

// A service's text never starts a line of its own in ccp's messages (cli.md "What reaches a terminal"): a
// reason or a certificate's issuer holding a line break and words that read like ccp's own shows the break
// as `\n`, on a terminal and into a pipe alike. The real bin/ccp.js against services on loopback.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { binary } from '../helpers/daemons.js';
import { type Fake, fakeService } from '../helpers/fake-service.js';
import { runInPty } from '../helpers/pty.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const SPOOF = 'ccp: all good';

let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  tmp = await tempDir('ccp-one-line-');
});
afterAll(() => tmp.remove());

/** Every line the output holds, whatever ends it (a terminal's CR LF, a pipe's LF). */
const lines = (text: string) => text.split(/\r?\n|\r/);

function expectNoSpoofedLine(text: string): void {
  const spoofed = lines(text).filter((l) => l.trimStart().startsWith(SPOOF));
  expect(spoofed, JSON.stringify(text)).toEqual([]);
}

describe('a bulk add whose batch the service refuses with a reason holding a line break', () => {
  let service: Fake;
  let env: NodeJS.ProcessEnv;
  let file: string;

  beforeAll(async () => {
    service = await fakeService((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ data: [], metadata: {}, statusCode: 'CCP-ED-002', reason: `bad row\n${SPOOF}` }),
      );
    });
    env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', CCP_BASE_URL: service.url });
    file = join(tmp.dir, 'devices.csv');
    writeFileSync(file, 'edgeDeviceName,serialNumber\nA,SN-A\nB,SN-B\n');
  });
  afterAll(() => service.close());

  const args = () => ['edgedevice', 'add', '--org', ORG, '--user', ORG, '-f', file, '--batch-size', '1'];

  it('into a pipe: the reason stays on the batch’s line, its break shown as \\n', async () => {
    const r = await spawnCcp([...args(), '--continue-on-error'], { env });
    expect(r.code).toBe(1);
    expectNoSpoofedLine(r.stderr);
    expect(r.stderr).toContain(`Batch 1 of 2 (line 2) failed: CCP-ED-002 bad row\\n${SPOOF}\n`);
  });

  it('on a terminal: the same, and the final error too', async () => {
    const pty = runInPty(args(), env, { cols: 400 });
    await pty.exited;
    const text = pty.text();
    expectNoSpoofedLine(text);
    expect(text).toContain(`failed: CCP-ED-002 bad row\\n${SPOOF}\r\n`);
  });

  it('one record from flags: the error line keeps the reason on it, into a pipe too', async () => {
    const r = await spawnCcp(
      ['edgedevice', 'add', '--org', ORG, '--user', ORG, '--name', 'A', '--serial', 'SN-A'],
      { env },
    );
    expect(r.code).toBe(1);
    expectNoSpoofedLine(r.stderr);
    expect(r.stderr).toContain(`bad row\\n${SPOOF}`);
  });
});

const openssl = binary('openssl', 'openssl');

describe.skipIf(!openssl)('status against a service whose certificate issuer holds a line break', () => {
  let server: Server;
  let env: NodeJS.ProcessEnv;
  let base: string;

  beforeAll(async () => {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    // A self-signed certificate: its issuer is its subject, a common name of two lines.
    execFileSync(
      openssl!,
      [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'k.pem',
        '-out',
        'c.pem',
        '-days',
        '3',
        '-subj',
        `/CN=Evil CA\n${SPOOF}`,
      ],
      { cwd: tmp.dir, stdio: 'pipe' },
    );
    const tls = { cert: readFileSync(join(tmp.dir, 'c.pem')), key: readFileSync(join(tmp.dir, 'k.pem')) };
    server = createServer(tls, (req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], metadata: {}, statusCode: 'OK' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', HTTPS_PROXY: '', https_proxy: '' });
  }, 30_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('on a terminal: the issuer stays on the TLS line, its break shown as \\n', async () => {
    const pty = runInPty(['status', '--base-url', base, '--insecure'], env, { cols: 400 });
    await pty.exited;
    const text = pty.text();
    expectNoSpoofedLine(text);
    expect(text).toContain(`issuer Evil CA\\n${SPOOF} (NOT verified: --insecure)`);
  });

  it('into a pipe (-o table): the same', async () => {
    const r = await spawnCcp(['status', '--base-url', base, '--insecure', '-o', 'table'], { env });
    expectNoSpoofedLine(r.stdout);
    expect(r.stdout).toContain(`issuer Evil CA\\n${SPOOF} (NOT verified: --insecure)`);
  });
});

// The one rule for a write whose answer never came (isOutcomeUnknown, api/network-failures.ts), in `add` and
// `apply` alike: a request that never left (a closed port; a TLS handshake that never ends, so it times out,
// within --timeout, before sending) failed, and is never counted saved nor unknown; a request that left and got no
// answer (a service that reads it and stays silent) has its outcome unknown. Real loopback ports, the real
// bin/ccp.js.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../../helpers/cli.js';
import { binary } from '../../helpers/daemons.js';
import { closedPort, type Fake, fakeService, gate } from '../../helpers/fake-service.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const openssl = binary('openssl', 'openssl');

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let file: string;

beforeAll(async () => {
  tmp = await tempDir('ccp-outcome-');
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', HTTPS_PROXY: '', https_proxy: '', NO_PROXY: '' });
  file = join(tmp.dir, 'devices.csv');
  writeFileSync(file, 'serialNumber,edgeDeviceName\nSN-OU1,one\nSN-OU2,two\n');
});
afterAll(() => tmp.remove());

/** Every GET is an empty listing (what apply plans from); every POST is `post`'s to answer, or not. */
function handler(post: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST') return post(req, res);
    // Closed after the listing: the next request takes a new connection (through the gate, when there is one).
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '0', connection: 'close' });
    res.end(JSON.stringify({ data: [], metadata: {}, statusCode: 'OK' }));
  };
}

const add = (base: string, ...extra: string[]) =>
  spawnCcp(
    [
      ...['edgedevice', 'add', '--base-url', base, '--org', ORG, '--user', ORG, '-f', file],
      ...['--batch-size', '1', '--timeout', '1s', ...extra],
    ],
    { env },
  );
const apply = (base: string, ...extra: string[]) =>
  spawnCcp(
    [
      ...['edgedevice', 'apply', '--base-url', base, '--org', ORG, '--user', ORG, '-f', file],
      ...['--batch-size', '1', '--timeout', '1s', '--yes', ...extra],
    ],
    { env },
  );

function expectAddFailed(stderr: string): void {
  expect(stderr).toContain('Saved 0 of 2 edge devices.');
  expect(stderr).toMatch(/^ {2}failed: {3}line 2$/m);
  expect(stderr).toMatch(/^ {2}not sent: line 3$/m);
  expect(stderr).not.toMatch(/saved: |outcome unknown/);
}

function expectApplyFailed(stderr: string): void {
  expect(stderr).toContain('Stopped after 0 of 2 batches.');
  expect(stderr).toMatch(/^ {2}saved: +0 \(none\)$/m);
  expect(stderr).toMatch(/^ {2}failed: +1 \(line 2\)$/m);
  expect(stderr).toMatch(/^ {2}not sent: +1 \(line 3\)$/m);
  expect(stderr).not.toContain('outcome unknown');
}

describe('a batch that never left: connection refused (a closed port)', () => {
  it('add: failed, not saved, not unknown', async () => {
    const r = await add(`http://127.0.0.1:${await closedPort()}`);
    expect(r.code, r.stderr).toBe(5);
    expectAddFailed(r.stderr);
    expect(r.stdout.trim()).toBe('[]');
  });

  it('add --continue-on-error: every batch failed, none saved', async () => {
    const r = await add(`http://127.0.0.1:${await closedPort()}`, '--continue-on-error');
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('Saved 0 of 2 edge devices.');
    expect(r.stderr).toMatch(/^ {2}failed: {3}lines 2-3$/m);
    expect(r.stderr).not.toMatch(/saved: |outcome unknown/);
  });

  it('apply: the port closes after the plan was read; the first batch failed, the rest not sent', async () => {
    // The listing answered, the service goes away: the add that follows finds its port closed.
    const svc: Fake = await fakeService((req, res) => {
      // No connection kept for the next request: it is to find the port closed, not a socket closing.
      res.setHeader('Connection', 'close');
      handler(() => undefined)(req, res);
      res.on('finish', () => void svc.close());
    });
    const r = await apply(svc.url);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('connection refused');
    expectApplyFailed(r.stderr);
  });
});

describe('a batch sent whose answer never came (a service that reads it and stays silent)', () => {
  let silent: Fake;
  beforeAll(async () => {
    silent = await fakeService(handler(() => undefined));
  });
  afterAll(() => silent.close());

  it('add: outcome unknown, not failed, and kept out of the failed rows', async () => {
    const r = await add(silent.url);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('Saved 0 of 2 edge devices.');
    expect(r.stderr).toMatch(/^ {2}outcome unknown \(sent, no answer came\): line 2$/m);
    expect(r.stderr).toMatch(/^ {2}not sent: line 3$/m);
    expect(r.stderr).not.toMatch(/failed: {3}/);
  });

  it('apply: outcome unknown, not failed', async () => {
    const r = await apply(silent.url);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('Stopped after 0 of 2 batches.');
    expect(r.stderr).toMatch(/^ {2}outcome unknown: 1 \(line 2\) \(sent, no answer came\)$/m);
    expect(r.stderr).toMatch(/^ {2}not sent: +1 \(line 3\)$/m);
    expect(r.stderr).not.toMatch(/failed: /);
  });
});

describe.skipIf(!openssl)(
  'a batch whose timeout came before it left (a TLS handshake never answered)',
  () => {
    let https: HttpsServer;
    let port: number;
    const fronts: Array<{ close(): Promise<void> }> = [];

    beforeAll(async () => {
      const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
      execFileSync(
        openssl!,
        ['req', '-x509', ...ec, '-keyout', 'k.pem', '-out', 'c.pem', '-days', '3', '-subj', '/CN=127.0.0.1'],
        { cwd: tmp.dir, stdio: 'pipe' },
      );
      const tls = { cert: readFileSync(join(tmp.dir, 'c.pem')), key: readFileSync(join(tmp.dir, 'k.pem')) };
      https = createHttpsServer(tls, (req, res) => {
        req.resume();
        req.on('end', () => handler(() => undefined)(req, res));
      });
      await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
      port = (https.address() as AddressInfo).port;
    }, 30_000);
    afterAll(async () => {
      for (const f of fronts) await f.close();
      https.closeAllConnections();
      await new Promise((r) => https.close(r));
    });

    /** The service behind a gate that carries `carry` connections (the plan's listing) and holds the rest. */
    async function through(carry: number): Promise<string> {
      const front = await gate(port, carry);
      fronts.push(front);
      return `https://127.0.0.1:${front.port}`;
    }

    // The pool's connect limit is --timeout (undici acts on an abort only once connected): the handshake
    // gives up within 1 s, not undici's own 10 s.
    const handshakeTimedOut = (base: string) =>
      `cannot connect to ${base}: connection timed out (no connection and TLS handshake within 1 s)`;

    it('add: failed, not unknown, within the timeout', async () => {
      const base = await through(0);
      const started = Date.now();
      const r = await add(base, '--insecure');
      expect(r.code, r.stderr).toBe(5);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(r.stderr).toContain(handshakeTimedOut(base));
      expectAddFailed(r.stderr);
    });

    it('apply: the plan read over TLS, then the add whose handshake never ends: failed, not unknown', async () => {
      const base = await through(1);
      const started = Date.now();
      const r = await apply(base, '--insecure');
      expect(r.code, r.stderr).toBe(5);
      expect(Date.now() - started).toBeLessThan(3500);
      expect(r.stderr).toContain(handshakeTimedOut(base));
      expectApplyFailed(r.stderr);
    });
  },
);

// cli.md "What operators reach for": `--ca-file` adds to the certificates Node already trusts,
// NODE_EXTRA_CA_CERTS included, never replaces them. Two certificate authorities openssl makes here, each
// signing a certificate for 127.0.0.1, and a service over HTTPS on loopback for each; the real bin/ccp.js.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { binary } from '../helpers/daemons.js';

const present = binary('openssl', 'openssl') !== undefined;
const device = { id: 'edge-1', name: 'edge one' };

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
const servers: Server[] = [];
/** A preload that takes tls.getCACertificates away: a runtime that cannot list its authorities (Node 22 before 22.15). */
let unlisted = '';
/** The CA file and the loopback port of the service whose certificate it signed, by CA. */
const ca = { a: { pem: '', port: 0 }, b: { pem: '', port: 0 } };

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: tmp.dir, stdio: 'pipe' });
}

/** A CA named `name` and a certificate it signs for 127.0.0.1 and localhost. */
function authority(name: 'a' | 'b'): { pem: string; cert: string; key: string } {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const subject = `/CN=ccp trust test CA ${name}`;
  openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    `${name}-ca.key`,
    '-out',
    `${name}-ca.pem`,
    '-days',
    '3',
    '-subj',
    subject,
  ]);
  openssl(['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=127.0.0.1']);
  const ext = join(tmp.dir, `${name}.ext`);
  writeFileSync(ext, 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl([
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${name}-ca.pem`,
    '-CAkey',
    `${name}-ca.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '3',
    '-extfile',
    ext,
  ]);
  return {
    pem: join(tmp.dir, `${name}-ca.pem`),
    cert: readFileSync(join(tmp.dir, `${name}.pem`), 'utf8'),
    key: readFileSync(join(tmp.dir, `${name}.key`), 'utf8'),
  };
}

/** A service over HTTPS on loopback answering the first page of edge devices, with one device. */
async function serve(cert: string, key: string): Promise<number> {
  const server = createServer({ cert, key }, (req, res) => {
    req.resume();
    if (req.method !== 'GET' || !req.url?.startsWith('/edgedevice/all/0')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], metadata: {}, statusCode: 'NOT_FOUND', reason: 'NOT_FOUND' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '1' });
    res.end(JSON.stringify({ data: [device], metadata: {}, statusCode: 'OK' }));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function list(signer: 'a' | 'b', extra: NodeJS.ProcessEnv) {
  const args = ['edgedevice', 'list', '--base-url', `https://127.0.0.1:${ca[signer].port}`, '--token', 'x'];
  return spawnCcp([...args, '--ca-file', ca.b.pem, '-o', 'json'], { env: { ...env, ...extra } });
}

describe.skipIf(!present)('--ca-file adds to what Node trusts', () => {
  beforeAll(async () => {
    tmp = await tempDir('ccp-trust-');
    env = isolatedEnv(tmp.dir, { HTTPS_PROXY: '', https_proxy: '', NO_PROXY: '', no_proxy: '' });
    // The developer's own extra authorities stay out: each case says which it has.
    delete env.NODE_EXTRA_CA_CERTS;
    delete env.NODE_USE_SYSTEM_CA;
    delete env.SSL_CERT_FILE;
    delete env.SSL_CERT_DIR;
    unlisted = join(tmp.dir, 'unlisted.cjs');
    writeFileSync(unlisted, "delete require('node:tls').getCACertificates;\n");
    for (const name of ['a', 'b'] as const) {
      const made = authority(name);
      ca[name] = { pem: made.pem, port: await serve(made.cert, made.key) };
    }
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
    await tmp?.remove();
  });

  it('NODE_EXTRA_CA_CERTS names CA A and --ca-file CA B: a service signed by A is still trusted', async () => {
    const r = await list('a', { NODE_EXTRA_CA_CERTS: ca.a.pem });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining(device)]);
  });

  it('the same two: a service signed by B is trusted through --ca-file', async () => {
    const r = await list('b', { NODE_EXTRA_CA_CERTS: ca.a.pem });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining(device)]);
  });

  it('so on a runtime that cannot list its authorities: NODE_EXTRA_CA_CERTS joins --ca-file', async () => {
    const preload = { NODE_OPTIONS: `--require ${unlisted}`, NODE_EXTRA_CA_CERTS: ca.a.pem };
    for (const signer of ['a', 'b'] as const) {
      const r = await list(signer, preload);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining(device)]);
    }
    // The preload did take it away: without NODE_EXTRA_CA_CERTS, A is not trusted.
    expect((await list('a', { NODE_OPTIONS: preload.NODE_OPTIONS })).code).toBe(5);
  });

  it('a NODE_EXTRA_CA_CERTS that cannot be read is left out, as Node leaves it: --ca-file still trusts', async () => {
    const missing = { NODE_EXTRA_CA_CERTS: join(tmp.dir, 'missing.pem') };
    for (const extra of [missing, { ...missing, NODE_OPTIONS: `--require ${unlisted}` }]) {
      const r = await list('b', extra);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining(device)]);
    }
  });

  it('without NODE_EXTRA_CA_CERTS, --ca-file B does not trust A: exit 5 naming the issuer and --ca-file', async () => {
    const r = await list('a', {});
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`ccp: TLS with https://127.0.0.1:${ca.a.port} failed: untrusted issuer`);
    expect(r.stderr).toContain('hint: pass --ca-file PATH');
    expect(r.stdout).toBe('');
  });
});

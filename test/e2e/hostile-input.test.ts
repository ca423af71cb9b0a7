// End-to-end: bad input never crashes ccp (cli.md "What reaches a terminal, a spreadsheet, or another user").
// A service answering a record nested 200,000 deep, and files nested as deep or whose YAML aliases expand
// past the limit: each an error naming its source, exit 1 for the service and 2 for a file, never 70.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { type Fake, fakeService } from '../helpers/fake-service.js';

const DEPTH = 200_000;
const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const ORG = [
  '--org',
  'a0000000-0000-4000-8000-000000000001',
  '--user',
  'b0000000-0000-4000-8000-000000000001',
];

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let svc: Fake;

beforeAll(async () => {
  tmp = await tempDir('ccp-hostile-');
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'opaque-0123456789' });
  const body = `{"statusCode":"OK","metadata":{},"data":[{"uuid":"x","edgeDeviceName":${deep}}]}`;
  svc = await fakeService((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '1' });
    res.end(body);
  });
});

afterAll(async () => {
  await svc.close();
  await tmp.remove();
});

describe('what the service sent', () => {
  for (const args of [
    ['edgedevice', 'list', '-o', 'json'],
    ['edgedevice', 'list', '-o', 'yaml'],
    ['edgedevice', 'get', 'x'],
    ['api', 'GET', '/edgedevice/all/0'],
    ['edgedevice', 'list', '--all', '-o', 'ndjson'],
  ]) {
    it(`a record nested ${DEPTH} deep: exit 1 naming the service (${args.join(' ')})`, async () => {
      const r = await spawnCcp(['--base-url', svc.url, ...args], { env });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`${svc.url} answered with JSON nested deeper than 1000 levels`);
      expect(r.stderr).not.toContain('internal error');
    });
  }
});

describe('records printed as the service wrote them (-o ndjson)', () => {
  // Records as they should be, the envelope around them nested deep: the lines are proven record by record,
  // and what lies around them is still read for its depth.
  it('an envelope nested 20,000 deep around good records: exit 1 naming the service', async () => {
    const around = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const body = `{"statusCode":"OK","metadata":{"x":${around}},"data":[{"uuid":"x","edgeDeviceName":"a"}]}`;
    const deepEnvelope = await fakeService((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '1' });
      res.end(body);
    });
    try {
      const args = ['edgedevice', 'list', '--all', '-o', 'ndjson'];
      const r = await spawnCcp(['--base-url', deepEnvelope.url, ...args], { env });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`${deepEnvelope.url} answered with JSON nested deeper than 1000 levels`);
      expect(r.stdout).toBe('');
    } finally {
      await deepEnvelope.close();
    }
  });
});

describe('an answer without end', () => {
  /** `ccp <args>` against a service that never ends its body, its peak resident set polled; killed past 1 GB. */
  function peakOf(
    args: string[],
    url: string,
  ): Promise<{ code: number | null; stderr: string; peakMb: number }> {
    ensureBuilt();
    const child = spawn(process.execPath, [BIN, '--base-url', url, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let peakKb = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // exited between two polls
      }
      // What the code before the cap did (3 GB for a 1.5 GB body): stop it before it fills the machine.
      if (peakKb > 1024 * 1024) child.kill('SIGKILL');
    }, 20);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => {
        clearInterval(poll);
        resolve({ code, stderr, peakMb: peakKb / 1024 });
      });
    });
  }

  it.skipIf(process.platform !== 'linux')(
    'a body past 256 MiB: exit 1 naming the service, reading stopped, peak memory under 450 MB',
    async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const endless = await fakeService((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"statusCode":"OK","metadata":{},"data":[');
        const more = () => {
          while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        };
        res.on('drain', more);
        more();
      });
      try {
        const r = await peakOf(['api', 'GET', '/edgedevice/all/0'], endless.url);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toContain(`${endless.url} answered with more than 256 MiB`);
        expect(r.peakMb).toBeLessThan(450);
        // The connection was closed once the cap was passed: the service could send little more.
        expect(sent).toBeLessThan(320 * 1024 * 1024);
      } finally {
        await endless.close();
      }
    },
    60_000,
  );

  it('a Content-Length past 256 MiB is refused before the body is read', async () => {
    const big = await fakeService((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 31) });
      res.write('{"statusCode":"OK"');
    });
    try {
      const r = await spawnCcp(['--base-url', big.url, 'edgedevice', 'list', ...ORG], { env });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`${big.url} answered with more than 256 MiB`);
    } finally {
      await big.close();
    }
  });
});

describe('a local file', () => {
  const file = (name: string, text: string) => {
    const path = join(tmp.dir, name);
    writeFileSync(path, text);
    return path;
  };

  it(`JSON nested ${DEPTH} deep: exit 2 naming the file (ccp api -f, add -f)`, async () => {
    const path = file('deep.json', `[{"edgeDeviceName":"a","serialNumber":"s1","x":${deep}}]`);
    const api = await spawnCcp(['api', 'POST', '/edgedevice', '-f', path, '--dry-run'], { env });
    expect(api.code, api.stderr).toBe(2);
    expect(api.stderr).toContain(`${path} is nested deeper than 1000 levels`);
    const add = await spawnCcp(['edgedevice', 'add', '-f', path, ...ORG, '--dry-run', '--ignore-unknown'], {
      env,
    });
    expect(add.code, add.stderr).toBe(2);
    expect(add.stderr).toContain(`${path}:1: not read: nested deeper than 1000 levels`);
  });

  it('YAML whose aliases expand past the limit: exit 2 naming the file', async () => {
    let yaml = 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
    let prev = 'a';
    for (const name of 'bcdefghi') {
      yaml += `${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]\n`;
      prev = name;
    }
    const path = file('bomb.yaml', yaml);
    const r = await spawnCcp(['edgedevice', 'add', '-f', path, ...ORG, '--dry-run'], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${path}:1: not read: its aliases expand past the limit of 1000`);
  });

  // The yaml package takes its time over 200,000 brackets: 20,000 is as far past the limit.
  it('YAML nested 20,000 deep: exit 2 naming the file', async () => {
    const path = file('deep.yaml', `- edgeDeviceName: a\n  x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    const r = await spawnCcp(['edgedevice', 'add', '-f', path, ...ORG, '--dry-run'], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${path}:\\d+: not read: nested deeper than 1000 levels`));
  });
});

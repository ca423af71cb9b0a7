// End-to-end on a pseudo-terminal (util-linux `script`): the spinner of a slow request, and Ctrl-C at a
// prompt and during a request (cli.md "Trust").

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { behaviours, type Fake, fakeService } from '../helpers/fake-service.js';
import { runInPty } from '../helpers/pty.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const SPINNER = /Waiting for 127\.0\.0\.1:\d+/;

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let slow: Fake;
let fast: Fake;
let stalled: Fake;

beforeAll(async () => {
  tmp = await tempDir('ccp-tty-');
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test' });
  slow = await fakeService(behaviours.emptyOkAfter(1500));
  fast = await fakeService(behaviours.emptyOkAfter(50));
  stalled = await fakeService(behaviours.stall);
});

afterAll(async () => {
  for (const f of [slow, fast, stalled]) await f.close();
  await tmp.remove();
});

describe('the spinner of a pending request', () => {
  it('shows on a terminal when an answer takes more than 300 ms, and is gone when it comes', async () => {
    const pty = runInPty(['--base-url', slow.url, 'codetype', 'list'], env);
    await pty.waitFor(SPINNER);
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    // The spinner stops (ora clears its line) before the listing is written.
    const text = pty.text();
    expect(text.lastIndexOf('No code types found.')).toBeGreaterThan(text.lastIndexOf('Waiting for'));
  });

  it('does not show for an answer that comes within 300 ms', async () => {
    const pty = runInPty(['--base-url', fast.url, 'codetype', 'list'], env);
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    expect(pty.text()).not.toMatch(SPINNER);
  });

  it('does not show with -q, under CI, or when stdout is a pipe', async () => {
    const quiet = runInPty(['-q', '--base-url', slow.url, 'codetype', 'list'], env);
    const ci = runInPty(['--base-url', slow.url, 'codetype', 'list'], { ...env, CI: 'true' });
    const piped = spawnCcp(['--base-url', slow.url, 'codetype', 'list'], { env });
    for (const pty of [quiet, ci]) {
      expect((await pty.exited).code, pty.text()).toBe(0);
      expect(pty.text()).not.toMatch(SPINNER);
    }
    const r = await piped;
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('Ctrl-C', () => {
  it('at a prompt: `Cancelled.` and exit 130', async () => {
    const pty = runInPty(['--base-url', stalled.url, 'edgedevice', 'add', '--org', ORG, '--user', ORG], env);
    await pty.waitFor(/Device name/);
    pty.type('\x03');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(130);
    expect(pty.text()).toContain('Cancelled.');
    expect(pty.text()).not.toContain('internal error');
    expect(pty.text().match(/Cancelled\./g)).toHaveLength(1);
  });

  it('while a request is pending: `Cancelled.` and exit 130 at once', async () => {
    const pty = runInPty(['--base-url', stalled.url, 'codetype', 'list'], env);
    await pty.waitFor(SPINNER);
    const pressed = Date.now();
    pty.type('\x03');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(130);
    expect(Date.now() - pressed).toBeLessThan(1500);
    expect(pty.text().match(/Cancelled\./g)).toHaveLength(1);
    expect(pty.text()).not.toMatch(/TIMEOUT|no answer|internal error/);
  });
});

import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ESC = `${String.fromCharCode(27)}[`;
let srv: TestServer;
let silent: Server;
let silentUrl: string;
const sockets = new Set<Socket>();
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  srv = await startTestServer();
  // Accepts connections and never answers: what a hung service looks like.
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin });
});

afterAll(async () => {
  await srv.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
  await tmp.remove();
});

const LIST = ['edgedevice', 'list', '--limit', '2', '--fields', 'uuid,isActive'];

describe('colour', () => {
  it('a table is coloured when stdout and stdin are terminals', async () => {
    const r = await runCli(LIST, { env, stdoutIsTTY: true, stdinIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(ESC);
    const piped = await runCli(LIST, { env, stdoutIsTTY: true, stdinIsTTY: false });
    expect(piped.stdout.includes(ESC)).toBe(false);
  });

  it('--no-color, NO_COLOR and CI turn colour off', async () => {
    for (const [args, extra] of [
      [['--no-color'], {}],
      [[], { NO_COLOR: '1' }],
      [[], { CI: 'true' }],
    ] as const) {
      const r = await runCli([...args, ...LIST], {
        env: { ...env, ...extra },
        stdoutIsTTY: true,
        stdinIsTTY: true,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Active');
      expect(r.stdout.includes(ESC), `${args.join(' ')} ${JSON.stringify(extra)}`).toBe(false);
    }
  });
});

describe('--timeout', () => {
  it('gives up on a service that does not answer: exit 5 naming the time', async () => {
    const started = Date.now();
    const r = await runCli(['--base-url', silentUrl, '--timeout', '150ms', 'codetype', 'list', '--json'], {
      env,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('within 150 ms');
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toMatchObject({ code: 'TIMEOUT', exitCode: 5 });
    // one try of 150 ms: a timeout is not retried
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not retry a POST that timed out (it may have been applied)', async () => {
    const started = Date.now();
    const r = await runCli(
      ['--base-url', silentUrl, '--timeout', '300ms', 'code', 'get', '11111111-1111-4111-8111-111111111111'],
      { env },
    );
    expect(r.code).toBe(5);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('--org and --user', () => {
  it('fill the request metadata', async () => {
    const org = 'a0000000-0000-4000-8000-000000000001';
    const user = 'b0000000-0000-4000-8000-0000000000ff';
    const r = await runCli(['--org', org, '--user', user, 'api', 'POST', '/codes', '-f', '-'], {
      env,
      stdin: '[{"uuid":"c8000000-0000-4000-8000-000000000001"}]',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).metadata).toMatchObject({ orgUuid: org, userUuid: user });
  });
});

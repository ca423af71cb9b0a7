// The embedded default calls the server in process: bin/ccp.js on a database file must say and do what it
// says and does against the same server behind a loopback socket. Two copies of one seeded database, one
// served over HTTP in this test, the other given to ccp with --db; the same commands against both, compared
// whole (the address aside), including a timeout and a Ctrl-C while the database is locked by another process.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_URL } from '../../src/kit/embedded-server.js';
import {
  createToken,
  openStore,
  rootOrganizations,
  type ServerHandle,
  type Store,
  startServer,
} from '../../src/server/index.js';
import { BIN, type CliResult, ensureBuilt, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { holdWriteLock } from '../helpers/lock-holder.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let local: string;
let served: string;
let store: Store;
let server: ServerHandle;
let token: string;
let root: string;

/** `edgedevice add` of one device under the root organization. */
const addDevice = (serial: string) => [
  'edgedevice',
  'add',
  '--org',
  root,
  '--user',
  root,
  '--name',
  'n',
  '--serial',
  serial,
];

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-in-process-');
  env = isolatedEnv(tmp.dir);
  local = join(tmp.dir, 'local.db');
  served = join(tmp.dir, 'served.db');
  const seeded = await spawnCcp(['server', 'seed', '--demo', '--db', local], { env });
  expect(seeded.code, seeded.stderr).toBe(0);
  // The file is whole once the seeding process has closed it (no write-ahead log left to copy).
  expect(existsSync(`${local}-wal`)).toBe(false);
  copyFileSync(local, served);
  store = await openStore(served);
  root = (await rootOrganizations(store))[0]!.uuid;
  token = await createToken(store, { orgUuid: root, role: 'admin' });
  server = await startServer({ store, host: '127.0.0.1', port: 0 });
  // The embedded default makes its token on first use, under the write lock: before any test holds it.
  const first = await spawnCcp(['--db', local, 'codetype', 'list'], { env });
  expect(first.code, first.stderr).toBe(0);
}, 30_000);
afterAll(async () => {
  await server?.close();
  await store?.close();
  await tmp?.remove();
});

const embedded = (args: string[]) => ['--db', local, ...args];
const remote = (args: string[]) => ['--base-url', server.url, '--token', token, ...args];
/**
 * What ccp printed, with the remote server's address written as the embedded one's, and without what each
 * server or run makes its own: durations, a new record's uuid and timestamps.
 */
const same = (r: CliResult) => ({
  ...r,
  stdout: r.stdout.replace(/"(uuid|createdOn|modifiedOn)": "[^"]*"/g, '"$1": "(made)"'),
  stderr: r.stderr
    // The remote side's token is on argv, which warns; the embedded side makes its own.
    .replace(/^warning: a token given on the command line.*\n/m, '')
    .replaceAll(server.url, EMBEDDED_URL)
    .replace(/\(\d+(\.\d+)? m?s\)/g, '(time)'),
});

describe('ccp --db (in process) and ccp --base-url (over a socket) say the same', () => {
  const big = () => {
    const file = join(tmp.dir, 'big.json');
    writeFileSync(file, JSON.stringify([{ pad: 'x'.repeat(1_100_000) }]));
    return file;
  };
  const addPath = () => `/edgedevice/org/${root}/user/${root}/add`;
  const addOne = () => addDevice('SN-1');
  // The exit code each case is about, so that two failing the same wrong way cannot pass.
  it.each<[string, number, () => string[]]>([
    ['a listing page', 0, () => ['edgedevice', 'list', '--page-size', '5', '-o', 'json']],
    ['every page of a listing', 0, () => ['codetype', 'list', '--all', '--page-size', '2', '-o', 'ndjson']],
    ['an unknown device', 4, () => ['edgedevice', 'get', 'NO-SUCH-SERIAL']],
    ['an unknown path', 4, () => ['api', 'GET', '/no/such/path']],
    ['a page size out of range', 1, () => ['api', 'GET', '/edgedevice/all/0?pageSize=0']],
    ['a body over 1 MiB', 1, () => ['api', 'POST', addPath(), '-f', big()]],
    ['an unknown token', 3, () => ['--token', 'ccp_not-a-token', 'codetype', 'list']],
    ['an add', 0, addOne],
    ['the same add again: a clash', 1, addOne],
  ])('%s (exit %i)', async (_what, code, args) => {
    const [viaSocket, inProcess] = await Promise.all([
      spawnCcp(remote(args()), { env }),
      spawnCcp(embedded(args()), { env }),
    ]);
    expect(inProcess.code, inProcess.stderr).toBe(code);
    expect(same(inProcess)).toEqual(same(viaSocket));
  });

  it('a listing on the embedded default loads no HTTP stack (node:http, its parser, sockets to itself)', async () => {
    const probe = join(tmp.dir, 'probe.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => require('fs').writeSync(2, '\\nloaded: ' + process.moduleLoadList.join(',')));",
    );
    const r = await new Promise<CliResult>((resolve) => {
      const child = spawn(
        process.execPath,
        ['-r', probe, BIN, ...embedded(['codetype', 'list', '-o', 'json'])],
        {
          env,
          cwd: ROOT,
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    const loaded = r.stderr.split('loaded: ')[1]!.split(',');
    expect(loaded).toContain('NativeModule fs');
    expect(
      loaded.filter((m) => /^(NativeModule|Internal Binding) (http|_http_|http_parser)/.test(m)),
    ).toEqual([]);
  });

  const add = (timeout: string, serial: string) => [
    '--timeout',
    timeout,
    ...addDevice(serial),
    '--ip',
    '10.9.9.8',
  ];

  it('a write that waits past --timeout for another process’s lock: the same words, and no waiting on', async () => {
    const locks = await Promise.all([holdWriteLock(local, 6000), holdWriteLock(served, 6000)]);
    const started = performance.now();
    const [viaSocket, inProcess] = await Promise.all([
      spawnCcp(remote(add('1', 'SN-TIMEOUT')), { env }),
      spawnCcp(embedded(add('1', 'SN-TIMEOUT')), { env }),
    ]);
    const ms = performance.now() - started;
    await Promise.all(locks.map((l) => l.released));
    expect(inProcess.code, inProcess.stderr).toBe(5);
    expect(inProcess.stderr).toContain(
      `no answer from ${EMBEDDED_URL} within 1 s; the request was sent, so the service may have applied it`,
    );
    expect(same(inProcess)).toEqual(same(viaSocket));
    // Both gave up at the timeout, not when the lock came free.
    expect(ms).toBeLessThan(5000);
  }, 20_000);

  it('Ctrl-C while a write waits for the lock: the same words and exit code, at once', async () => {
    const locks = await Promise.all([holdWriteLock(local, 6000), holdWriteLock(served, 6000)]);
    const runs = [remote(add('30', 'SN-CTRL-C')), embedded(add('30', 'SN-CTRL-C'))].map((args) =>
      verbose(['--verbose', ...args]),
    );
    // Once each has handed its request over (--verbose traces it just before), interrupt both.
    await Promise.all(runs.map((r) => r.traced));
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    for (const r of runs) r.child.kill('SIGINT');
    const [viaSocket, inProcess] = await Promise.all(runs.map((r) => r.done));
    const ms = performance.now() - started;
    await Promise.all(locks.map((l) => l.released));
    expect(inProcess!.code, inProcess!.stderr).toBe(130);
    expect(inProcess!.stderr).toContain('outcome unknown (sent, no answer came)');
    expect(same(inProcess!)).toEqual(same(viaSocket!));
    expect(ms).toBeLessThan(2000);
  }, 30_000);
});

/** bin/ccp.js, its stderr watched: `traced` resolves once --verbose has traced the request's body. */
function verbose(args: string[]): { child: ChildProcess; traced: Promise<void>; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: ROOT, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let seen: () => void = () => {};
  const traced = new Promise<void>((resolve) => {
    seen = resolve;
  });
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (/^> \(\d+ bytes\)$/m.test(stderr)) seen();
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  return { child, traced, done };
}

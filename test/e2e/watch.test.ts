// --watch on listings and `get` (cli.md, "What operators reach for"): the real binary against the real
// server, polling every 200 ms; the test changes the data through the API and waits for the lines it expects.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import { BIN, type CliTarget, ensureBuilt, ROOT, runCli, startCliTarget } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let t: CliTarget;
beforeAll(async () => {
  ensureBuilt();
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC' } });
});
afterAll(() => t.close());

interface Watcher {
  child: ChildProcess;
  out(): string;
  /** Resolves once stdout holds a line `test` accepts; fails if the process ends first. */
  line(test: (line: string) => boolean): Promise<string>;
  /** Ctrl-C: resolves with the exit code and stderr. */
  interrupt(): Promise<{ code: number | null; stderr: string }>;
}

function watcher(args: string[]): Watcher {
  const child = spawn(process.execPath, [BIN, ...args], { env: t.env, cwd: ROOT, stdio: 'pipe' });
  let out = '';
  let err = '';
  const waiting = new Set<() => void>();
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    for (const w of waiting) w();
  });
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  child.stdin!.end();
  return {
    child,
    out: () => out,
    line: (test) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = out.split('\n').find((l) => l !== '' && test(l));
          if (hit === undefined) return;
          waiting.delete(check);
          resolve(hit);
        };
        waiting.add(check);
        check();
        void exited.then((code) => {
          if (waiting.has(check)) reject(new Error(`exited ${code} first:\n${out}\n${err}`));
        });
      }),
    async interrupt() {
      child.kill('SIGINT');
      return { code: await exited, stderr: err };
    },
  };
}

const event = (line: string) => JSON.parse(line) as { type: string; object: Record<string, unknown> };
const is = (type: string, key: string, value: unknown) => (line: string) => {
  const e = event(line);
  return e.type === type && e.object[key] === value;
};

async function save(records: object[]): Promise<void> {
  const res = await t.srv.call('POST', `/edgedevice/org/${ORG.root}/user/${USER.admin}/add`, {
    body: { data: records, metadata: {} },
    timeZone: 'UTC',
  });
  expect(res.status, res.text).toBe(200);
}

describe('--watch', () => {
  it('edgedevice list -o ndjson: the listing as ADDED, then a device added and one changed; Ctrl-C ends it (130)', async () => {
    const w = watcher(['edgedevice', 'list', '--watch', '--interval', '200ms', '-o', 'ndjson']);
    await w.line(is('ADDED', 'uuid', DEVICE.gateway2));
    await save([{ edgeDeviceName: 'Watched 1', serialNumber: 'SN-W1' }]);
    await save([{ uuid: DEVICE.gateway2, edgeDeviceName: 'Gateway renamed', serialNumber: 'SN-1002' }]);
    const added = event(await w.line(is('ADDED', 'serialNumber', 'SN-W1')));
    expect(added.object.edgeDeviceName).toBe('Watched 1');
    const changed = event(await w.line(is('MODIFIED', 'uuid', DEVICE.gateway2)));
    expect(changed.object.edgeDeviceName).toBe('Gateway renamed');
    // Each device of the first read is ADDED once, and nothing unchanged is told again.
    expect(
      w
        .out()
        .split('\n')
        .filter((l) => l.includes(`"uuid":"${DEVICE.gateway1}"`)),
    ).toHaveLength(1);
    const end = await w.interrupt();
    expect(end.code).toBe(130);
    expect(end.stderr).toContain('Cancelled.');
  });

  it('--where applies to the events: a device that does not match is never told', async () => {
    const w = watcher([
      'edgedevice',
      'list',
      '-w',
      '--interval',
      '200ms',
      '--where',
      'serialNumber~SN-WH',
      '-o',
      'ndjson',
      '--fields',
      'uuid,serialNumber',
    ]);
    // Both saved at once (one instant), the one left out first in the listing by its uuid: it would be told
    // before the other.
    await save([
      { uuid: 'd1000000-0000-4000-8000-000000000001', edgeDeviceName: 'Not watched', serialNumber: 'SN-NW2' },
      { uuid: 'd1000000-0000-4000-8000-000000000002', edgeDeviceName: 'Watched 2', serialNumber: 'SN-WH2' },
    ]);
    const added = event(await w.line(is('ADDED', 'serialNumber', 'SN-WH2')));
    expect(Object.keys(added.object)).toEqual(['uuid', 'serialNumber']);
    expect(w.out()).not.toContain('SN-NW2');
    expect(w.out().trim().split('\n')).toHaveLength(1);
    expect((await w.interrupt()).code).toBe(130);
  });

  it('edgedevice get --watch -o table: the record, then one line per change with its identity', async () => {
    const w = watcher(['edgedevice', 'get', 'SN-1003', '--watch', '--interval', '200ms', '-o', 'table']);
    await w.line((l) => l.includes('SN-1003'));
    await save([{ uuid: DEVICE.sensorHub, edgeDeviceName: 'Hub renamed', serialNumber: 'SN-1003' }]);
    const line = await w.line((l) => l.startsWith('MODIFIED'));
    expect(line).toBe(`MODIFIED  ${DEVICE.sensorHub}  Hub renamed  SN-1003`);
    expect((await w.interrupt()).code).toBe(130);
  });

  it('-o ndjson: a device that leaves the --where scope (renamed out of it) is DELETED, by its identity as it was', async () => {
    const uuid = 'd1000000-0000-4000-8000-0000000000d1';
    const w = watcher([
      'edgedevice',
      'list',
      '--watch',
      '--interval',
      '200ms',
      '--where',
      'edgeDeviceName~Leaving',
      '-o',
      'ndjson',
    ]);
    await save([{ uuid, edgeDeviceName: 'Leaving 1', serialNumber: 'SN-LV1' }]);
    await w.line(is('ADDED', 'uuid', uuid));
    await save([{ uuid, edgeDeviceName: 'Stayed 1', serialNumber: 'SN-LV1' }]);
    const gone = event(await w.line(is('DELETED', 'uuid', uuid)));
    expect(gone).toEqual({
      type: 'DELETED',
      object: { uuid, edgeDeviceName: 'Leaving 1', serialNumber: 'SN-LV1' },
    });
    // Gone is told once: later reads do not find it again.
    await new Promise((r) => setTimeout(r, 600));
    expect(w.out().match(/"type":"DELETED"/g)).toHaveLength(1);
    expect((await w.interrupt()).code).toBe(130);
  });

  it('on a terminal: a device that leaves the --where scope is a DELETED line with its identity', async () => {
    const uuid = 'd1000000-0000-4000-8000-0000000000d2';
    await save([{ uuid, edgeDeviceName: 'Parting 2', serialNumber: 'SN-PT2' }]);
    const pty = runInPty(
      ['edgedevice', 'list', '-w', '--interval', '200ms', '--where', 'edgeDeviceName~Parting', '--no-pager'],
      t.env,
      { cols: 200 },
    );
    await pty.waitFor(/SN-PT2/);
    await save([{ uuid, edgeDeviceName: 'Parted 2', serialNumber: 'SN-PT2' }]);
    await pty.waitFor(/DELETED/);
    pty.type('\x03');
    expect((await pty.exited).code).toBe(130);
    expect(pty.text()).toContain(`DELETED   ${uuid}  Parting 2  SN-PT2\r\n`);
  });

  it('--interval takes durations as --timeout does, and goes with --watch only', async () => {
    const bad = await runCli(['edgedevice', 'list', '--watch', '--interval', 'soon'], { env: t.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--interval');
    const alone = await runCli(['edgedevice', 'list', '--interval', '2s'], { env: t.env });
    expect(alone.code).toBe(2);
    const paged = await runCli(['codetype', 'list', '--watch', '--limit', '2'], { env: t.env });
    expect(paged.code).toBe(2);
  });
});

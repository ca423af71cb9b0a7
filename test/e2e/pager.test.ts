import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE } from '../fixtures/basic-ids.js';
import { type CliTarget, spawnCcp, startCliTarget } from '../helpers/cli.js';
import { onTerminal } from './apply-helpers.js';

// The pager on a real pseudo-terminal (util-linux `script`), with CCP_PAGER a script that records what it
// was given; and never in a pipe.

let t: CliTarget;
let pager: string;
let paged: string;

beforeAll(async () => {
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC' } });
  paged = join(t.dir, 'paged.txt');
  pager = join(t.dir, 'pager.sh');
  await writeFile(pager, `#!/bin/sh\ncat > '${paged}'\n`);
  await chmod(pager, 0o755);
});
afterAll(() => t.close());

const LIST = ['edgedevice', 'list', '--fields', 'uuid,serialNumber'];
const exists = (path: string) =>
  readFile(path, 'utf8').then(
    (text) => text,
    () => undefined,
  );

describe('pager', () => {
  it('pages a listing on a terminal through CCP_PAGER', async () => {
    await rm(paged, { force: true });
    const r = await onTerminal(LIST, { env: { ...t.env, CCP_PAGER: pager, PAGER: 'false' }, input: '' });
    expect(r.code).toBe(0);
    const text = await exists(paged);
    expect(text).toContain(DEVICE.gateway1);
    expect(text).toContain('Serial number');
    // What went to the pager did not also go to the terminal.
    expect(r.output).not.toContain(DEVICE.gateway1);
  });

  it('falls back to PAGER when CCP_PAGER is not set', async () => {
    await rm(paged, { force: true });
    const env: NodeJS.ProcessEnv = { ...t.env, PAGER: pager };
    delete env.CCP_PAGER;
    const r = await onTerminal(LIST, { env, input: '' });
    expect(r.code).toBe(0);
    expect(await exists(paged)).toContain(DEVICE.gateway1);
  });

  it('--no-pager and an empty CCP_PAGER print to the terminal', async () => {
    await rm(paged, { force: true });
    const off = await onTerminal(['--no-pager', ...LIST], { env: { ...t.env, CCP_PAGER: pager }, input: '' });
    expect(off.output).toContain(DEVICE.gateway1);
    const empty = await onTerminal(LIST, { env: { ...t.env, CCP_PAGER: '', PAGER: pager }, input: '' });
    expect(empty.output).toContain(DEVICE.gateway1);
    expect(await exists(paged)).toBeUndefined();
  });

  it('never pages in a pipe', async () => {
    await rm(paged, { force: true });
    const r = await spawnCcp([...LIST, '-o', 'table'], { env: { ...t.env, CCP_PAGER: pager, PAGER: pager } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(DEVICE.gateway1);
    expect(await exists(paged)).toBeUndefined();
  });
});

// The heap tuning for long walks (src/runtime/heap-for-long-walks.ts) is switched on where a listing decides
// to follow pages (--all, --limit, as commander parsed them), and for nothing else.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

const PRELOAD = join(import.meta.dirname, '..', 'fixtures', 'gc-observer-mark.cjs');
let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  tmp = await tempDir('ccp-heap-');
});
afterAll(() => tmp.remove());

async function tuned(args: string[]): Promise<boolean> {
  const r = await spawnCcp(args, { env: isolatedEnv(tmp.dir, { NODE_OPTIONS: `--require ${PRELOAD}` }) });
  expect(r.code, r.stderr).toBe(0);
  const mark = /gc observed: (true|false)/.exec(r.stderr);
  expect(mark, r.stderr).not.toBeNull();
  return mark![1] === 'true';
}

describe('heap tuning for long walks', () => {
  it.each([
    [['edgedevice', 'list', '--all', '-o', 'json']],
    [['edgedevice', 'list', '-o', 'json', '--limit=3']],
    [['codetype', 'list', '--limit', '2', '-o', 'ndjson']],
  ])('%j follows pages: the heap is tuned', async (args) => {
    expect(await tuned(args)).toBe(true);
  });

  it.each([
    [['edgedevice', 'list', '-o', 'json']],
    [['edgedevice', 'list', '--page-size', '2', '-o', 'json']],
    [['--help']],
  ])('%j reads one page or none: not tuned', async (args) => {
    expect(await tuned(args)).toBe(false);
  });
});

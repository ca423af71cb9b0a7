// The README's first command on a machine that has never run ccp: nothing in HOME, no data directory.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let home: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  home = await tempDir('ccp-first-run-');
});
afterAll(async () => {
  await home?.remove();
});

describe('first run on a new machine', () => {
  it('server seed --demo creates the data directory, then edgedevice list shows the demo devices', async () => {
    const env = isolatedEnv(home.dir);
    const dataDir = join(home.dir, 'data', 'ccp');
    expect(existsSync(dataDir)).toBe(false);

    const seed = await spawnCcp(['server', 'seed', '--demo'], { env });
    expect(seed.code, seed.stderr).toBe(0);
    expect(existsSync(join(dataDir, 'ccp.db'))).toBe(true);

    const list = await spawnCcp(['edgedevice', 'list', '--all'], { env });
    expect(list.code, list.stderr).toBe(0);
    const devices = JSON.parse(list.stdout) as { uuid: string }[];
    expect(devices).toHaveLength(300);
    expect(new Set(devices.map((d) => d.uuid)).size).toBe(300);
  });

  it('--db in a folder that does not exist yet is created', async () => {
    const env = isolatedEnv(home.dir);
    const db = join(home.dir, 'nested', 'deeper', 'demo.db');
    const seed = await spawnCcp(['server', 'seed', '--demo', '--db', db], { env });
    expect(seed.code, seed.stderr).toBe(0);
    expect(existsSync(db)).toBe(true);
  });
});

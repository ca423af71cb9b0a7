// The embedded default: no base URL configured, a fresh HOME, and `ccp edgedevice list` just works.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDir } from '../../src/config/index.js';
import { isolatedEnv, ndjson, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-home-');
  env = isolatedEnv(tmp.dir);
});

afterAll(async () => {
  await tmp.remove();
});

describe('embedded default (bin/ccp.js)', () => {
  it('creates and seeds the default database on first use, with a note on stderr', async () => {
    const r = await spawnCcp(
      ['edgedevice', 'list', '--limit', '5', '-o', 'ndjson', '--fields', 'uuid,edgeDeviceName'],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(5);
    const db = join(tmp.dir, 'data', 'ccp', 'ccp.db');
    expect(existsSync(db)).toBe(true);
    expect(r.stderr).toContain(`created ${db} with demo data`);
  });

  it('reuses the database and the admin token afterwards, silently; the config file is private', async () => {
    const file = join(configDir(env), 'config.json');
    const before = readFileSync(file, 'utf8');
    expect(before).toContain('ccp_');
    const r = await spawnCcp(['codetype', 'list', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(0);
    expect(r.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('an explicit --db where no file is makes none: exit 2 with a hint', async () => {
    const db = join(tmp.dir, 'elsewhere.db');
    const r = await spawnCcp(['--db', db, 'edgedevice', 'list'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('does not exist');
    expect(r.stderr).toContain('ccp server seed --demo');
    expect(existsSync(db)).toBe(false);
  });

  it('a database seeded by `server seed --demo` then works with --db', async () => {
    const db = join(tmp.dir, 'seeded.db');
    const seed = await spawnCcp(['server', 'seed', '--demo', '--db', db, '--json'], { env });
    expect(seed.code, seed.stderr).toBe(0);
    expect(JSON.parse(seed.stdout).edgeDevices).toBeGreaterThan(0);
    const r = await spawnCcp(
      ['--db', db, 'edgedevice', 'list', '--all', '-o', 'ndjson', '--fields', 'uuid'],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(JSON.parse(seed.stdout).edgeDevices);
  });
});

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbeddedAccess } from '../../src/config/index.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'local.db');
});

afterAll(async () => {
  await tmp.remove();
});

async function seed(): Promise<void> {
  const r = await runCli(['server', 'seed', '--demo', '--db', db], { env });
  expect(r.code, r.stderr).toBe(0);
}

describe('embedded server for --db', () => {
  it('bootstraps an admin token for the database on first use and keeps it', async () => {
    await seed();
    const first = await runCli(['--db', db, 'codetype', 'list', '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).length).toBeGreaterThan(0);
    const access = await loadEmbeddedAccess(db, env);
    expect(access?.token).toMatch(/^ccp_/);
    await runCli(['--db', db, 'codetype', 'list', '--json'], { env });
    expect(await loadEmbeddedAccess(db, env)).toEqual(access);
  });

  it('makes a new token when the kept one no longer opens the database (the file was replaced)', async () => {
    const before = await loadEmbeddedAccess(db, env);
    await rm(db, { force: true });
    await rm(`${db}-wal`, { force: true });
    await rm(`${db}-shm`, { force: true });
    await seed();
    const r = await runCli(['--db', db, 'edgedevice', 'list', '--limit', '1', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const after = await loadEmbeddedAccess(db, env);
    expect(after?.token).toMatch(/^ccp_/);
    expect(after?.token).not.toBe(before?.token);
  });

  it('an explicit --token is sent instead of the embedded one', async () => {
    const r = await runCli(['--db', db, '--token', 'ccp_not-valid-here', 'codetype', 'list'], { env });
    expect(r.code).toBe(3);
  });

  it('the token never reaches stdout or stderr, even with --verbose', async () => {
    const access = await loadEmbeddedAccess(db, env);
    const r = await runCli(['--db', db, '--verbose', 'codetype', 'list', '--limit', '1', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Bearer [redacted]');
    expect(r.stderr).not.toContain(access!.token.slice(-4));
    expect(r.stderr).not.toContain(access!.token);
    expect(r.stdout).not.toContain(access!.token);
  });
});

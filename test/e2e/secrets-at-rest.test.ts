// Secrets at rest (cli.md, "What reaches a terminal, a spreadsheet, or another user"): what the real bin/ccp.js
// writes is its owner's alone, whatever the umask, and a config file another user could change is not read.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { BIN, type CliResult, ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
beforeEach(async () => {
  tmp = await tempDir('ccp-at-rest-');
  env = isolatedEnv(tmp.dir);
});
afterEach(async () => {
  await tmp.remove();
});

/** `ccp <args>` under umask 000, so every mode seen is one ccp set itself. */
function ccp(...args: string[]): Promise<CliResult> {
  ensureBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'umask 000; exec "$@"', 'sh', process.execPath, BIN, ...args], {
      env,
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
      }),
    );
  });
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const dataDir = () => join(tmp.dir, 'data', 'ccp');
const configDir = () => join(tmp.dir, 'config', 'ccp');
const SECRET = 'at-rest-S3CRET';

async function firstOrg(): Promise<string> {
  const r = await ccp('edgedevice', 'list', '-o', 'json');
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { orgUUID: string }[])[0]!.orgUUID;
}

describe('files ccp writes are its owner alone', () => {
  it('the embedded database, the config and the cache: 0600 files in 0700 folders', async () => {
    await firstOrg();
    expect(modeOf(dataDir())).toBe('700');
    expect(modeOf(join(dataDir(), 'ccp.db'))).toBe('600');
    expect(modeOf(configDir())).toBe('700');
    expect(modeOf(join(configDir(), 'config.json'))).toBe('600');
    expect(modeOf(join(tmp.dir, '.cache', 'ccp'))).toBe('700');
    expect(modeOf(join(tmp.dir, '.cache', 'ccp', 'time-zone'))).toBe('600');
  });

  it('an existing database, its -wal and -shm, its folder and the config are tightened when ccp opens them', async () => {
    await firstOrg();
    const db = join(dataDir(), 'ccp.db');
    // A database as an earlier version left it, open by another process (so its -wal and -shm exist).
    chmodSync(dataDir(), 0o755);
    chmodSync(db, 0o644);
    const holder = openSqlite(db);
    try {
      holder.prepare('SELECT count(*) FROM organizations').get();
      for (const f of [`${db}-wal`, `${db}-shm`]) chmodSync(f, 0o644);
      chmodSync(configDir(), 0o755);
      chmodSync(join(configDir(), 'config.json'), 0o644);
      expect((await ccp('edgedevice', 'list', '-o', 'json')).code).toBe(0);
      expect(modeOf(dataDir())).toBe('700');
      for (const f of [db, `${db}-wal`, `${db}-shm`]) expect(modeOf(f)).toBe('600');
      expect(modeOf(configDir())).toBe('700');
      expect(modeOf(join(configDir(), 'config.json'))).toBe('600');
    } finally {
      holder.close();
    }
  });

  it('a password written through ccp is not stored, only that one is set', async () => {
    const org = await firstOrg();
    const rows = join(tmp.dir, 'rows.json');
    writeFileSync(
      rows,
      JSON.stringify([
        { edgeDeviceName: 'v', serialNumber: 'SN-AT-REST', externalReferences: [{ password: SECRET }] },
      ]),
    );
    const r = await ccp('edgedevice', 'add', '--org', org, '--user', org, '-f', rows, '-o', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(SECRET);
    const db = openSqlite(join(dataDir(), 'ccp.db'), { readonly: true });
    try {
      const stored = db
        .prepare('SELECT password FROM external_references WHERE password IS NOT NULL')
        .pluck()
        .all();
      expect(stored.length).toBeGreaterThan(0);
      for (const p of stored) expect(p).toBe('********');
    } finally {
      db.close();
    }
    expect(readFileSync(join(dataDir(), 'ccp.db')).toString('latin1')).not.toContain(SECRET);
  });

  it('--failed-file of rows holding passwords is written 0600', async () => {
    const org = await firstOrg();
    const taken = (
      JSON.parse((await ccp('edgedevice', 'list', '-o', 'json')).stdout) as { serialNumber: string }[]
    )
      .map((d) => d.serialNumber)
      .find((s) => s)!;
    const rows = join(tmp.dir, 'rows.json');
    const ref = [{ userName: 'u', password: SECRET }];
    writeFileSync(
      rows,
      JSON.stringify([{ edgeDeviceName: 'clash', serialNumber: taken, externalReferences: ref }]),
      { mode: 0o600 },
    );
    const failed = join(tmp.dir, 'left.json');
    const r = await ccp(
      'edgedevice',
      'add',
      '--org',
      org,
      '--user',
      org,
      '-f',
      rows,
      '--failed-file',
      failed,
    );
    expect(r.code).toBe(1);
    expect(readFileSync(failed, 'utf8')).toContain(SECRET);
    expect(modeOf(failed)).toBe('600');
  });

  it('report download -O newdir/sub/ makes each folder 0700 and the report 0600', async () => {
    const out = join(tmp.dir, 'newdir', 'sub');
    const r = await ccp('report', 'download', '--template', 'licenses', '--type', 'csv', '-O', `${out}/`);
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(join(tmp.dir, 'newdir'))).toBe('700');
    expect(modeOf(out)).toBe('700');
    const [file] = readdirSync(out);
    expect(modeOf(join(out, file!))).toBe('600');
  });
});

describe('a config another user could change is not read', () => {
  /** A profile whose token-command leaves a marker: proof it ran. */
  async function configWithCommand(): Promise<string> {
    const marker = join(tmp.dir, 'token-command-ran');
    expect((await ccp('config', 'set', 'base-url', 'http://127.0.0.1:9')).code).toBe(0);
    expect((await ccp('config', 'set', 'token-command', `touch ${marker}`)).code).toBe(0);
    return marker;
  }

  it('a config file group or others can write: exit 2, naming the file and the chmod, the command not run', async () => {
    const marker = await configWithCommand();
    const file = join(configDir(), 'config.json');
    chmodSync(file, 0o666);
    const r = await ccp('edgedevice', 'list');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the config file ${file} can be written by its group and other users`);
    expect(r.stderr).toContain(`chmod go-w ${file}`);
    expect(existsSync(marker)).toBe(false);
    // Fixed as told, it is read again.
    chmodSync(file, 0o600);
    await ccp('edgedevice', 'list');
    expect(existsSync(marker)).toBe(true);
  });

  it('a config folder others can write: exit 2, naming the folder', async () => {
    const marker = await configWithCommand();
    chmodSync(configDir(), 0o777);
    const r = await ccp('status');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `the config folder ${configDir()} can be written by its group and other users`,
    );
    expect(r.stderr).toContain(`chmod go-w ${configDir()}`);
    expect(existsSync(marker)).toBe(false);
  });

  it('a config file its group alone can write (0660): exit 2, naming the file, the command not run', async () => {
    const marker = await configWithCommand();
    const file = join(configDir(), 'config.json');
    chmodSync(file, 0o660);
    const r = await ccp('edgedevice', 'list');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the config file ${file} can be written by its group;`);
    expect(r.stderr).toContain(`chmod go-w ${file}`);
    expect(existsSync(marker)).toBe(false);
  });

  it('a config folder its group alone can write (0770): exit 2, naming the folder, the command not run', async () => {
    const marker = await configWithCommand();
    chmodSync(configDir(), 0o770);
    const r = await ccp('edgedevice', 'list');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the config folder ${configDir()} can be written by its group;`);
    expect(r.stderr).toContain(`chmod go-w ${configDir()}`);
    expect(existsSync(marker)).toBe(false);
  });

  it('a config folder with the sticky bit, as /tmp, is refused too: another user could create the file', async () => {
    const dir = join(tmp.dir, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o1777);
    env = { ...env, CCP_CONFIG_DIR: dir };
    const r = await ccp('config', 'list');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the config folder ${dir} can be written`);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a config file another user owns: exit 2, naming the file and the chown',
    async () => {
      const marker = await configWithCommand();
      const file = join(configDir(), 'config.json');
      chownSync(file, 65534, 65534);
      const r = await ccp('edgedevice', 'list');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`the config file ${file} is owned by another user (uid 65534)`);
      expect(r.stderr).toMatch(new RegExp(`chown \\S+ ${file}`));
      expect(existsSync(marker)).toBe(false);
    },
  );
});

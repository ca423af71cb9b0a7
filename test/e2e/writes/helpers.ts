// Shared by the end-to-end tests of the write commands: a real server over a temp SQLite file, and the
// built bin/ccp.js spawned against it with --base-url/--token.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '../../../src/server/store/sqlite.js';
import { BIN, type CliResult, ensureBuilt, isolatedEnv, ROOT, spawnCcp, tempDir } from '../../helpers/cli.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

export interface WriteEnv {
  srv: TestServer;
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Runs `ccp <args> --base-url <server> --token <admin>` (the server's current address). */
  ccp(args: string[], opts?: { input?: string | Uint8Array; token?: string }): Promise<CliResult>;
  file(name: string, content: string | Uint8Array): string;
  /** A read-only query on the server's database file. */
  query<T>(sql: string, ...params: unknown[]): T[];
  close(): Promise<void>;
}

export async function writeEnv(): Promise<WriteEnv> {
  const srv = await startTestServer();
  const tmp = await tempDir('ccp-writes-');
  const env = isolatedEnv(tmp.dir);
  return {
    srv,
    dir: tmp.dir,
    env,
    ccp: (args, opts = {}) =>
      spawnCcp([...args, '--base-url', srv.url, '--token', opts.token ?? srv.tokens.admin], {
        env,
        ...(opts.input !== undefined ? { input: opts.input } : {}),
      }),
    file(name, content) {
      const path = join(tmp.dir, name);
      writeFileSync(path, content);
      return path;
    },
    query<T>(sql: string, ...params: unknown[]) {
      const db = openSqlite(srv.dbPath, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    async close() {
      await srv.close();
      await tmp.remove();
    },
  };
}

/**
 * Spawns ccp and calls `onLine` with each stderr line as it arrives (the --verbose trace) and the child,
 * so a test can act in the middle of a run (stop the server, send SIGINT).
 */
export function spawnWatching(
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string, child: ChildProcess) => void,
): Promise<CliResult> {
  ensureBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: ROOT, stdio: 'pipe' });
    const out: Buffer[] = [];
    let err = '';
    let pending = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      const text = c.toString('utf8');
      err += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line, child);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: err });
    });
    child.stdin.end();
  });
}

/** A CSV of `n` devices SN-<prefix>-<i>, names with quoted commas. */
export function devicesCsv(n: number, prefix: string): string {
  const rows = ['edgeDeviceName,serialNumber,ipAdress,port,location'];
  for (let i = 0; i < n; i++)
    rows.push(`"dev ${i}, rack ${i % 7}",SN-${prefix}-${i},10.0.${i % 250}.1,${1024 + (i % 5000)},Hall`);
  return `${rows.join('\n')}\n`;
}

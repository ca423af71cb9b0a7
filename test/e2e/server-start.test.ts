// `ccp server start` in the foreground: URL on stderr when ready, graceful stop on SIGTERM and SIGINT.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG } from '../fixtures/basic-ids.js';
import { BIN, ensureBuilt, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/server.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-e2e-');
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'served.db');
  const imported = await spawnCcp(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', db], {
    env,
  });
  expect(imported.code, imported.stderr).toBe(0);
});

afterAll(async () => {
  await tmp.remove();
});

function startServer(): Promise<{
  url: string;
  stop: (sig: NodeJS.Signals) => Promise<{ code: number | null; stderr: string }>;
}> {
  const child = spawn(process.execPath, [BIN, 'server', 'start', '--port', '0', '--db', db], {
    env,
    cwd: ROOT,
  });
  let stderr = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 15_000);
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          stop: async (sig) => {
            child.kill(sig);
            const code = await exited;
            return { code, stderr };
          },
        });
      }
    });
  });
}

describe('ccp server start', () => {
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    it(`serves the database, then stops cleanly on ${sig}`, async () => {
      const server = await startServer();
      const token = await spawnCcp(
        ['server', 'token', 'create', '--org', ORG.root, '--role', 'viewer', '--db', db],
        { env },
      );
      expect(token.code, token.stderr).toBe(0);
      const list = await spawnCcp(
        ['--base-url', server.url, '--token', token.stdout.trim(), 'org', 'list', ORG.root, '-o', 'ndjson'],
        { env },
      );
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout.trim().split('\n').length).toBeGreaterThan(0);
      const { code, stderr } = await server.stop(sig);
      expect(code).toBe(0);
      expect(stderr).toContain(`${sig}: draining requests and closing`);
    });
  }
});

describe('the hints of server start --db', () => {
  it('name the same database (shell-quoted): following the token hint gives a token that database accepts', async () => {
    // A relative path with a space and a quote, as typed in the folder it is relative to.
    const typed = "./my 'demo'.db";
    copyFileSync(db, join(tmp.dir, typed));
    const child = spawn(process.execPath, [BIN, 'server', 'start', '--port', '0', '--db', typed], {
      env,
      cwd: tmp.dir,
    });
    let stderr = '';
    const hint = await new Promise<{ url: string; command: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no hint: ${stderr}`)), 15_000);
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
        const command = /create a token with `(ccp server token create[^`]*)`/.exec(stderr)?.[1];
        if (url && command) {
          clearTimeout(timer);
          resolve({ url, command });
        }
      });
    });
    try {
      expect(hint.command).toBe(
        `ccp server token create --db './my '\\''demo'\\''.db' --org <uuid> --role admin`,
      );
      // The hint as a user would paste it, in the same folder, `ccp` being this build.
      const token = execFileSync(
        'sh',
        ['-c', hint.command.replace(/^ccp /, `'${process.execPath}' '${BIN}' `).replace('<uuid>', ORG.root)],
        { cwd: tmp.dir, env, encoding: 'utf8' },
      ).trim();
      const list = await spawnCcp(['--base-url', hint.url, '--token', token, 'edgedevice', 'list', '-q'], {
        env,
      });
      expect(list.code, list.stderr).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

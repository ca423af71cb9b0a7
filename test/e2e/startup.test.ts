// `--version` and `--help` load only the command tree: no undici, zod, inquirer, ora, conf, cli-table3
// or server module. Checked in a real `node bin/ccp.js` process: V8's coverage output names every script
// it compiled (the chunks of dist/cli), and dist/cli/chunks.json names the modules each chunk holds.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, isolatedEnv, ROOT, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let tmp: { dir: string; remove: () => Promise<void> };
let chunks: Record<string, string[]>;
let srv: TestServer;
let runs = 0;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-lazy-');
  chunks = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'chunks.json'), 'utf8'));
  srv = await startTestServer();
});

afterAll(async () => {
  await tmp.remove();
  await srv.close();
});

const HEAVY =
  /node_modules\/(undici|zod|@inquirer|ora|conf|cli-table3|better-sqlite3|yaml|pdfkit|csv-)|src\/(server\/|output\/(index|writer)\.ts|api\/client\.ts|kit\/keyring\.ts)/;

/** The source modules in the chunks of dist/cli that a `ccp <args>` process compiled. */
async function loadedModules(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const coverage = join(tmp.dir, `coverage-${++runs}`);
  // Not spawnSync: the test server of the last case answers from this process.
  const r = await spawnCcp(args, { env: isolatedEnv(tmp.dir, { ...env, NODE_V8_COVERAGE: coverage }) });
  expect(r.code, r.stderr).toBe(0);
  const scripts = readdirSync(coverage).flatMap(
    (f) => (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as { result: { url: string }[] }).result,
  );
  const files = scripts.map((s) => s.url).filter((u) => u.includes('/dist/cli/'));
  for (const f of files) expect(chunks, f).toHaveProperty([basename(f)]);
  return files.flatMap((f) => chunks[basename(f)] ?? []);
}

describe('startup path', () => {
  it.each([[['--version']], [['--help']], [['edgedevice', 'list', '--help']]])(
    '%j into a pipe loads none of the CLI',
    async (args) => {
      // --version is answered by bin/ccp.js, a help into a pipe by the text the build stored
      // (src/runtime/stored-help.ts): neither loads the CLI.
      const modules = await loadedModules(args);
      expect(modules.filter((m) => /^(src\/(?!runtime\/)|node_modules\/)/.test(m))).toEqual([]);
    },
  );

  it.each([[['help', 'edgedevice', 'list']], [['edgedevice', 'list', '--json', '--help']]])(
    'a help the CLI prints, %j, loads no heavy module',
    async (args) => {
      const modules = await loadedModules(args);
      expect(modules).toContain('src/cli/main.ts');
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );

  it('a listing loads its client and output modules (the check above can see them)', async () => {
    const modules = await loadedModules(['edgedevice', 'list', '-o', 'json']);
    expect(modules.filter((m) => /src\/(api\/client|output\/writer)\.ts/.test(m)).sort()).toEqual([
      'src/api/client.ts',
      'src/output/writer.ts',
    ]);
    // On the embedded default, once the first run has seeded the database and kept its token: the server,
    // but no zod, no record schema and no request body's schema.
    const again = await loadedModules(['edgedevice', 'list', '-o', 'json']);
    expect(again).toContain('src/server/app.ts');
    // The embedded default needs no credential store: the module that loads the keyring addon stays out.
    expect(again).not.toContain('src/kit/keyring.ts');
    expect(
      again.filter((m) =>
        /node_modules\/zod\/|src\/(domain\/(common|timestamp|edge-device|index)|server\/routes\/bodies|server\/openapi|config\/file-shape)\.ts/.test(
          m,
        ),
      ),
    ).toEqual([]);
  });

  it('a JSON listing from a running service (plain http) loads no undici, zod, conf, record schema or table stack', async () => {
    const modules = await loadedModules(['edgedevice', 'list', '-o', 'json'], {
      CCP_BASE_URL: srv.url,
      CCP_TOKEN: srv.tokens.admin,
    });
    expect(modules).toContain('src/api/client.ts');
    const heavy =
      /node_modules\/(undici|zod|conf|ajv|cli-table3|chalk|ora|@inquirer)\/|src\/(api\/transport|domain\/index|output\/views)\.ts/;
    expect(modules.filter((m) => heavy.test(m))).toEqual([]);
  });

  // Node's own modules a command loaded (process.moduleLoadList, written at exit by a --require probe).
  async function loadedBuiltins(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
    const out = join(tmp.dir, `builtins-${++runs}.json`);
    const probe = join(tmp.dir, 'builtins-probe.cjs');
    writeFileSync(
      probe,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    const r = await spawnCcp(args, {
      env: isolatedEnv(tmp.dir, { ...env, NODE_OPTIONS: `--require ${probe}` }),
    });
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(readFileSync(out, 'utf8')) as string[])
      .filter((m) => m.startsWith('NativeModule '))
      .map((m) => m.slice('NativeModule '.length));
  }

  it('an http listing loads neither node:http2 nor node:tls (with crypto); the embedded one no readline; neither child_process', async () => {
    const remote = await loadedBuiltins(['edgedevice', 'list', '-o', 'json'], {
      CCP_BASE_URL: srv.url,
      CCP_TOKEN: srv.tokens.admin,
    });
    expect(remote).toContain('net');
    expect(remote.filter((m) => /^(http2|tls|crypto)$/.test(m))).toEqual([]);
    const embedded = await loadedBuiltins(['edgedevice', 'list', '-o', 'json']);
    expect(embedded.filter((m) => /^(readline|tls)$/.test(m))).toEqual([]);
    // Into a pipe neither starts a pager nor runs a token-command: no child_process (with dgram and net).
    expect(remote.filter((m) => /^(child_process|dgram)$/.test(m))).toEqual([]);
    expect(embedded.filter((m) => /^(child_process|dgram|net|timers\/promises)$/.test(m))).toEqual([]);
  });

  // Each file a start reads costs its resolution, its read and its compile-cache lookup: a first page reads
  // the entry, Rolldown's runtime and the first page's chunk (which holds the plain-http transport), and the
  // embedded server's on the embedded default (better-sqlite3's JavaScript in it: only its addon is loaded
  // from node_modules, which is no script).
  it('a first page reads three files of dist/cli over http, four on the embedded default, no other script', async () => {
    const files = async (env: NodeJS.ProcessEnv) => {
      const coverage = join(tmp.dir, `coverage-${++runs}`);
      const r = await spawnCcp(['edgedevice', 'list', '--page-size', '2', '-o', 'json'], {
        env: isolatedEnv(tmp.dir, { ...env, NODE_V8_COVERAGE: coverage }),
      });
      expect(r.code, r.stderr).toBe(0);
      return readdirSync(coverage)
        .flatMap(
          (f) =>
            (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as { result: { url: string }[] }).result,
        )
        .map((s) => s.url)
        .filter((u) => u.includes('/dist/cli/') || u.includes('/node_modules/'));
    };
    expect(await files({ CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin })).toHaveLength(3);
    expect(await files({})).toHaveLength(4);
  });

  // What `--help` needs is commander and the command tree: no subprocess support (child_process, with net
  // and the stream modules), no fs/promises (with readline), no worker modules (node:util's ES module), no tty.
  it('`--help` into a pipe loads none of child_process, fs/promises, readline, worker_threads or tty', async () => {
    const heavy = /^(child_process|net|stream|fs\/promises|readline|worker_threads|tty)$/;
    // The stored text, and the CLI's own help.
    for (const args of [
      ['edgedevice', '--help'],
      ['help', 'edgedevice'],
    ]) {
      const help = await loadedBuiltins(args);
      expect(help).toContain('fs');
      expect(
        help.filter((m) => heavy.test(m)),
        args.join(' '),
      ).toEqual([]);
    }
  });

  it('`--help` into a pipe closed by its reader ends quietly, exit 0', async () => {
    const child = spawn(process.execPath, [BIN, 'edgedevice', '--help'], {
      env: isolatedEnv(tmp.dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect({ code, err }).toEqual({ code: 0, err: '' });
  });

  // /dev/null is a character device, as a terminal is: told apart without node:tty (net, the streams).
  it('`--help` and a first page into /dev/null load no tty', async () => {
    const out = join(tmp.dir, `builtins-${++runs}.json`);
    const probe = join(tmp.dir, 'null-probe.cjs');
    writeFileSync(
      probe,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    for (const args of [
      ['edgedevice', '--help'],
      ['edgedevice', 'list', '--page-size', '2', '-o', 'json'],
    ]) {
      const devNull = openSync('/dev/null', 'w');
      const child = spawn(process.execPath, [BIN, ...args], {
        env: isolatedEnv(tmp.dir, { NODE_OPTIONS: `--require ${probe}` }),
        stdio: ['ignore', devNull, 'pipe'],
      });
      closeSync(devNull);
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d));
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect({ code, err: err.replace(/^ccp: (created|seeded) .*\n/m, '') }).toEqual({ code: 0, err: '' });
      const loaded = JSON.parse(readFileSync(out, 'utf8')) as string[];
      expect(loaded.filter((m) => m === 'NativeModule tty')).toEqual([]);
    }
  });
});

// Installed as users install CLIs (cli.md "Where it runs"): the tarball `npm pack` makes, installed with
// `npm install -g` into a clean prefix by the Node.js line running the tests, gives a working `ccp` with no
// development dependency, no build and no install script; `npm uninstall -g` takes all of it away. CI runs
// this file on every supported line.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

const run = promisify(execFile);

let tmp: { dir: string; remove: () => Promise<void> };
let prefix: string;
let tarball: string;
let installLog: string;
let env: NodeJS.ProcessEnv;

/** npm under the node running the tests (its bin first on PATH), with a user config of its own. */
function npmEnv(): NodeJS.ProcessEnv {
  const home = join(tmp.dir, 'npm-home');
  mkdirSync(home, { recursive: true });
  const path = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  return {
    ...isolatedEnv(home),
    PATH: path,
    // The developer's npm cache: packages `npm ci` fetched are not fetched again.
    npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? '', '.npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

async function ccp(args: string[], extra: NodeJS.ProcessEnv = {}) {
  const bin = join(prefix, 'bin', 'ccp');
  try {
    const r = await run(bin, args, { env: { ...env, ...extra }, cwd: tmp.dir, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** A runtime's or our own warning: none may show on an ordinary command. */
const WARNING = /warning|deprecat|experimental/i;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-installed-');
  prefix = join(tmp.dir, 'prefix');
  // dist/ is built (npm test builds first): pack it as it is, without running the build again.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp.dir], {
    cwd: ROOT,
    env: npmEnv(),
  });
  tarball = join(tmp.dir, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);
  const installed = await run(
    'npm',
    ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: tmp.dir, env: npmEnv(), timeout: 240_000 },
  );
  installLog = `${installed.stdout}\n${installed.stderr}`;
  env = isolatedEnv(join(tmp.dir, 'home'), { PATH: `${dirname(process.execPath)}:${process.env.PATH}` });
  mkdirSync(join(tmp.dir, 'home'), { recursive: true });
}, 300_000);

afterAll(async () => {
  await tmp?.remove();
});

describe(`npm install -g of the packed tarball, on Node.js ${process.versions.node}`, () => {
  it('installs no development dependency, builds nothing and asks no one to allow a script', () => {
    const modules = join(prefix, 'lib', 'node_modules', 'ccp', 'node_modules');
    const names = readdirSync(modules);
    // The tools of development (some others, ajv for one, are also a dependency's dependency).
    for (const dev of ['vitest', 'esbuild', 'tsx', 'typescript', '@biomejs', 'redoc'])
      expect(names, dev).not.toContain(dev);
    expect(names).not.toContain('core-js');
    // No install script ran, and npm has none to warn about: no compiler, no prebuilt download.
    expect(installLog).not.toMatch(/install-scripts|allowScripts|node-gyp|prebuild/i);
    expect(existsSync(join(modules, 'better-sqlite3', 'build'))).toBe(false);
  });

  it('prints its version', async () => {
    const r = await ccp(['--version']);
    expect(r.code, r.stderr).toBe(0);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(r.stdout.trim()).toBe(version);
    expect(r.stderr).toBe('');
  });

  it('seeds the embedded default and lists it, adds devices from a CSV, and renders a PDF report', async () => {
    const seeded = await ccp(['server', 'seed', '--demo']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stderr).not.toMatch(WARNING);
    const listed = await ccp(['edgedevice', 'list', '--limit', '3', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).not.toMatch(WARNING);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(3);

    const rows = Array.from({ length: 50 }, (_, i) => `"pkg ${i}",PKG-${i},10.1.0.${i + 1},${2000 + i}`);
    const csv = join(tmp.dir, 'devices.csv');
    writeFileSync(csv, `name,serial,ip,port\n${rows.join('\n')}\n`);
    const org = 'b58f93c5-e752-4a3d-b848-9e5dc516822b';
    const added = await ccp(['edgedevice', 'add', '--org', org, '--user', org, '-f', csv, '-o', 'ndjson']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim().split('\n')).toHaveLength(50);
    expect(added.stderr).not.toMatch(WARNING);

    const out = join(tmp.dir, 'reports');
    const report = await ccp([
      'report',
      'download',
      '--template',
      'edge-devices',
      '--type',
      'pdf',
      '-O',
      `${out}/`,
    ]);
    expect(report.code, report.stderr).toBe(0);
    const [pdf] = readdirSync(out);
    expect(pdf).toMatch(/\.pdf$/);
    expect(readFileSync(join(out, pdf!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it('prints completions for bash, zsh and fish', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await ccp(['completion', shell]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('edgedevice');
    }
  });

  it('loads its credential store addon (no session bus here: the file takes the token, the bus named)', async () => {
    const bin = join(prefix, 'bin', 'ccp');
    const r = await run(
      'sh',
      ['-c', `printf 'ccp_installed_token_1' | '${bin}' config set token - --profile k`],
      {
        env,
        cwd: tmp.dir,
      },
    );
    // The reason comes from the addon's D-Bus client: an addon that did not load would give another.
    expect(r.stderr).toMatch(
      /^the Secret Service did not answer \(DBus error: [^\n]*\): the secret is kept in /m,
    );
  });

  it('npm uninstall -g leaves nothing of it in the prefix', async () => {
    await run('npm', ['uninstall', '-g', '--prefix', prefix, 'ccp'], { cwd: tmp.dir, env: npmEnv() });
    expect(existsSync(join(prefix, 'bin', 'ccp'))).toBe(false);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'ccp'))).toBe(false);
  }, 120_000);
});

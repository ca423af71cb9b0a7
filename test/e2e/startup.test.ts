// `--version` and `--help` load only the command tree: no undici, zod, inquirer, ora, conf, cli-table3
// or server module. Checked in a real `node bin/ccp.js` process: V8's coverage output names every script
// it compiled (the chunks of dist/cli), and dist/cli/chunks.json names the modules each chunk holds.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let chunks: Record<string, string[]>;

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-lazy-');
  chunks = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'chunks.json'), 'utf8'));
});

afterAll(async () => {
  await tmp.remove();
});

const HEAVY =
  /node_modules\/(undici|zod|@inquirer|ora|conf|cli-table3|better-sqlite3|yaml|pdfkit|csv-)|src\/(server\/|output\/index\.ts|api\/client\.ts)/;

/** The source modules in the chunks of dist/cli that a `ccp <args>` process compiled. */
function loadedModules(args: string[]): string[] {
  const coverage = join(tmp.dir, `coverage-${args.join('_').replace(/\W/g, '')}`);
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: isolatedEnv(tmp.dir, { NODE_V8_COVERAGE: coverage }),
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const scripts = readdirSync(coverage).flatMap(
    (f) => (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as { result: { url: string }[] }).result,
  );
  const files = scripts.map((s) => s.url).filter((u) => u.includes('/dist/cli/'));
  for (const f of files) expect(chunks, f).toHaveProperty([basename(f)]);
  return files.flatMap((f) => chunks[basename(f)] ?? []);
}

describe('startup path', () => {
  it.each([[['--version']], [['--help']], [['edgedevice', 'list', '--help']]])(
    '%j loads no heavy module',
    (args) => {
      const modules = loadedModules(args);
      // --version alone is answered by bin/ccp.js before the CLI is loaded.
      expect(modules.includes('src/cli/main.ts')).toBe(args[0] !== '--version');
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );

  it('a listing loads its client and output modules (the check above can see them)', () => {
    const modules = loadedModules(['edgedevice', 'list', '-o', 'json']);
    expect(modules.filter((m) => /src\/(api\/client|output\/index)\.ts/.test(m)).sort()).toEqual([
      'src/api/client.ts',
      'src/output/index.ts',
    ]);
  });
});

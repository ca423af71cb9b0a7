// `--version` and `--help` load only the command tree: no undici, zod, inquirer, ora, conf, cli-table3
// or server module. Checked with a module resolve hook in a real `node bin/ccp.js` process.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-lazy-');
  writeFileSync(
    join(tmp.dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(spec, ctx, next) {
  const r = await next(spec, ctx);
  appendFileSync(process.env.CCP_TEST_MODULE_LOG, r.url + '\\n');
  return r;
}
`,
  );
  writeFileSync(
    join(tmp.dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(tmp.dir, 'hooks.mjs')).href)});\n`,
  );
});

afterAll(async () => {
  await tmp.remove();
});

const HEAVY =
  /node_modules\/(undici|zod|@inquirer|ora|conf|cli-table3|better-sqlite3|yaml|pdfkit|csv-)|dist\/(server|output|api\/client)/;

function loadedModules(args: string[]): string[] {
  const log = join(tmp.dir, `modules-${args.join('_').replace(/\W/g, '')}.log`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', join(tmp.dir, 'register.mjs'), BIN, ...args], {
    cwd: ROOT,
    env: isolatedEnv(tmp.dir, { CCP_TEST_MODULE_LOG: log }),
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('startup path', () => {
  it.each([[['--version']], [['--help']], [['edgedevice', 'list', '--help']]])(
    '%j loads no heavy module',
    (args) => {
      const modules = loadedModules(args);
      // --version alone is answered by bin/ccp.js before the CLI is loaded.
      expect(modules.some((m) => m.includes('/dist/cli/main.js'))).toBe(args[0] !== '--version');
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );
});

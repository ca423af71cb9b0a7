// Run first by `npm run build` (scripts/build.mjs imports it): on Node 20 only, installs better-sqlite3 12 as
// `better-sqlite3-node20`, the binding src/server/store/sqlite.ts loads there (13 crashes on 20). It
// compiles with a C++ tool chain, which Node 22 and later never need: there this script does nothing.
// The package stays out of package.json, so that no other line installs it, and out of the lock file; a
// `prepare` script would do it at `npm ci`, but the packed package would carry it, and npm asks a user of
// `npm install -g` to allow it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SPEC = 'better-sqlite3-node20@npm:better-sqlite3@12.11.1';

if (Number(process.versions.node.split('.')[0]) < 22) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const addon = `${root}node_modules/better-sqlite3-node20/build/Release/better_sqlite3.node`;
  if (!existsSync(addon)) {
    const npm = process.env.npm_execpath;
    const [cmd, args] = npm ? [process.execPath, [npm]] : ['npm', []];
    const r = spawnSync(cmd, [...args, 'install', '--no-save', '--no-audit', '--no-fund', SPEC], {
      cwd: root,
      stdio: 'inherit',
    });
    process.exitCode = r.status ?? 1;
  }
}

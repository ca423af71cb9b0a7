// Builds the CLI into dist/cli with esbuild: one bundle of ES modules, split in chunks so that a command
// loads only the modules it reaches (`--help` runs none of undici, zod or the server). bin/ccp.js turns on
// Node's compile cache before it imports dist/cli/main.js. Type checking stays with tsc (npm run typecheck).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// On Node 20 only: its better-sqlite3 binding, copied into dist/node20 below.
import './sqlite-node20.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'cli');
rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** `undici` imported from src/ is scripts/undici-client.mjs: the client parts only. */
const undiciClient = {
  name: 'undici-client',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.startsWith(join(root, 'src'))
        ? { path: join(root, 'scripts', 'undici-client.mjs') }
        : undefined,
    );
  },
};

/** undici's HTTP/2 client, which ccp never asks for: scripts/undici-no-h2.cjs. */
const undiciNoH2 = {
  name: 'undici-no-h2',
  setup(b) {
    b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.includes(join('node_modules', 'undici', 'lib', 'dispatcher'))
        ? { path: join(root, 'scripts', 'undici-no-h2.cjs') }
        : undefined,
    );
  },
};

/** What conf imports only for options ccp never gives it: scripts/conf-unused.mjs. */
const confUnused = {
  name: 'conf-unused',
  setup(b) {
    b.onResolve({ filter: /^(ajv\/dist\/2020\.js|ajv-formats|semver)$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'conf')}`)
        ? { path: join(root, 'scripts', 'conf-unused.mjs') }
        : undefined,
    );
  },
};

/** commander's subprocess support, for executable subcommands ccp never declares: scripts/commander-no-subprocess.cjs. */
const commanderNoSubprocess = {
  name: 'commander-no-subprocess',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes(join('node_modules', 'commander'))
        ? { path: join(root, 'scripts', 'commander-no-subprocess.cjs') }
        : undefined,
    );
  },
};

/**
 * Node's built-ins, taken through require(). Node's ES module of a built-in reads every export as it loads,
 * lazy getters too: `node:fs` loads fs/promises with readline for every command, and `node:process` makes
 * process.stdout, which turns fd 1 non-blocking (stdout's descriptor writer in src/runtime needs it
 * blocking). Through require() an export is read where it is used.
 */
const builtinsThroughRequire = {
  name: 'builtins-through-require',
  setup(b) {
    // A dynamic import() stays one: it loads where it is used, and gives the module's named exports.
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.namespace === 'builtin' || args.kind === 'dynamic-import'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'builtin' },
    );
    // Bundled packages that name a built-in without `node:` (conf's `process`, commander's are prefixed).
    b.onResolve({ filter: /^(process|fs|util|events|path|os|stream|tty)$/ }, (args) =>
      args.importer.includes('node_modules')
        ? { path: `node:${args.path}`, namespace: 'builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** What src/kit/version.ts takes from package.json. */
function packageFacts() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
  return { version: pkg.version ?? '0.0.0', ...(bugs ? { bugs } : {}) };
}

// Bundled CommonJS packages call require() for Node built-ins, and an ES module has none of its own: the
// chunk that holds esbuild's require helper (and the report worker) gets one.
const REQUIRE =
  "import { createRequire as __ccpRequire } from 'node:module'; const require = __ccpRequire(import.meta.url);";

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir: out,
  // A native addon, and a package that reads its font files next to its own sources.
  external: ['better-sqlite3', 'better-sqlite3-node20', 'pdfkit'],
  logLevel: 'warning',
};

const cli = await build({
  ...common,
  entryPoints: { main: 'src/cli/main.ts' },
  splitting: true,
  // Whitespace and comments out, names kept: stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  // package.json's version and tracker, written in: `--help` and errors read no file for them.
  define: { __CCP_PACKAGE__: JSON.stringify(packageFacts()) },
  plugins: [undiciClient, undiciNoH2, confUnused, commanderNoSubprocess, builtinsThroughRequire],
  metafile: true,
  write: false,
});
for (const file of cli.outputFiles) {
  writeFileSync(file.path, file.text.includes('typeof require') ? `${REQUIRE}\n${file.text}` : file.text);
}

// What each chunk holds (the start-up test checks that `--help` loads no heavy module through it).
const holds = {};
for (const [key, o] of Object.entries(cli.metafile.outputs)) {
  if (key.endsWith('.js')) holds[basename(key)] = Object.keys(o.inputs);
}
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(holds, null, 1)}\n`);

// The report worker is an entry of its own: the server starts it as a worker thread by its file name
// (dist/cli/report-worker.js, beside the bundle that holds src/server/reports/pool.ts).
await build({
  ...common,
  entryPoints: { 'report-worker': 'src/server/reports/worker.ts' },
  sourcemap: 'linked',
  banner: { js: REQUIRE },
});

copyRuntimeFiles();

/**
 * Files an installed package needs from development dependencies, copied so that installing ccp builds and
 * downloads nothing more: Redoc's standalone bundle (for /docs), and on Node 20 better-sqlite3 12's
 * JavaScript and addon (src/server/store/sqlite.ts loads it there; 13, a dependency, serves Node 22 and
 * later). A package meant for Node 20 is therefore packed on Node 20.
 */
function copyRuntimeFiles() {
  const require = createRequire(import.meta.url);
  cpSync(require.resolve('redoc/bundles/redoc.standalone.js'), join(root, 'dist', 'redoc.standalone.js'));
  if (Number(process.versions.node.split('.')[0]) >= 22) return;
  let pkg;
  try {
    pkg = dirname(require.resolve('better-sqlite3-node20/package.json'));
  } catch {
    return;
  }
  const addon = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(addon)) return;
  const dest = join(root, 'dist', 'node20');
  cpSync(join(pkg, 'lib'), join(dest, 'lib'), { recursive: true });
  cpSync(addon, join(dest, 'better_sqlite3.node'));
  cpSync(join(pkg, 'LICENSE'), join(dest, 'LICENSE'));
  // Its files are CommonJS, under a package whose type is module.
  writeFileSync(join(dest, 'package.json'), '{ "type": "commonjs" }\n');
}

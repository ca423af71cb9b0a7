// Builds the CLI into dist/cli with Rolldown: one bundle of ES modules. What the entry reaches by static
// imports (the command tree: all `--help` needs) is one chunk; what a command imports on demand (undici,
// zod, the server...) is split in lazy chunks. bin/ccp.js turns on Node's compile cache before it imports
// dist/cli/main.js. Type checking stays with tsc (npm run typecheck).
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { writeHelpTable } from './help-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'cli');
rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** A plugin that resolves `source`, imported from where `from` says, to a file of scripts/. */
function instead(name, source, from, file) {
  return {
    name,
    resolveId(id, importer) {
      if (importer && source.test(id) && from(importer)) return join(root, 'scripts', file);
    },
  };
}

const plugins = [
  // `undici` imported from src/: the client parts only.
  instead('undici-client', /^undici$/, (i) => i.startsWith(join(root, 'src')), 'undici-client.mjs'),
  // undici's HTTP/2 client, which ccp never asks for.
  instead(
    'undici-no-h2',
    /^\.\/client-h2\.js$/,
    (i) => i.includes(join('node_modules', 'undici', 'lib', 'dispatcher')),
    'undici-no-h2.cjs',
  ),
  // What conf imports only for options ccp never gives it.
  instead(
    'conf-unused',
    /^(ajv\/dist\/2020\.js|ajv-formats|semver)$/,
    (i) => i.includes(join('node_modules', 'conf')),
    'conf-unused.mjs',
  ),
  // commander's subprocess support, for executable subcommands ccp never declares.
  instead(
    'commander-no-subprocess',
    /^node:child_process$/,
    (i) => i.includes(join('node_modules', 'commander')),
    'commander-no-subprocess.cjs',
  ),
  builtinsThroughRequire(),
  betterSqliteBundled(),
];
// The CLI's build only: the report worker is one file whatever it imports.
const startup = startupChunk();

/**
 * Node's built-ins, taken through require(). Node's ES module of a built-in reads every export as it loads,
 * lazy getters too: `node:fs` loads fs/promises with readline for every command, and `node:process` makes
 * process.stdout, which turns fd 1 non-blocking (stdout's descriptor writer in src/runtime needs it
 * blocking). Through require() an export is read where it is used. A dynamic import() stays one: it loads
 * where it is used. `node:module` is Rolldown's own require() helper's.
 */
function builtinsThroughRequire() {
  const BUILTIN = '\0builtin:';
  return {
    name: 'builtins-through-require',
    resolveId(id, importer, opts) {
      if (!isBuiltin(id)) return;
      const name = id.startsWith('node:') ? id : `node:${id}`;
      if (name === 'node:module' || opts.kind === 'dynamic-import' || importer?.startsWith(BUILTIN)) {
        return { id: name, external: true };
      }
      return BUILTIN + name;
    },
    load(id) {
      if (id.startsWith(BUILTIN)) {
        return {
          code: `module.exports = require(${JSON.stringify(id.slice(BUILTIN.length))});`,
          moduleType: 'js',
        };
      }
    },
  };
}

/**
 * better-sqlite3's JavaScript in the bundle, its addon where the package is: loaded through require() it
 * was fifteen files for the embedded default's start to find, read and compile. Its binding.js finds the
 * addon from its own folder (__dirname), here the installed package's, as require.resolve finds it at run
 * time.
 */
function betterSqliteBundled() {
  // Where the package's lib folder is: first where ccp's own package keeps its dependencies (dist/cli is two
  // folders down from its root), else where require.resolve finds it (a dependency hoisted above ccp).
  const betterSqliteLib = (chunkUrl) => {
    const path = require('node:path');
    const own = path.join(
      require('node:url').fileURLToPath(chunkUrl),
      '..',
      '..',
      '..',
      'node_modules',
      'better-sqlite3',
    );
    if (require('node:fs').existsSync(path.join(own, 'package.json'))) return path.join(own, 'lib');
    return path.dirname(require.resolve('better-sqlite3'));
  };
  const binding = join('node_modules', 'better-sqlite3', 'lib', 'binding.js');
  return {
    name: 'better-sqlite3-bundled',
    transform(code, id) {
      if (!id.endsWith(binding)) return;
      return {
        code: `var __betterSqliteLib = (${betterSqliteLib})(import.meta.url);\n${code.replaceAll('__dirname', '__betterSqliteLib')}`,
        moduleType: 'js',
      };
    },
  };
}

/**
 * The modules the entry reaches by static imports, found once the graph is read: they make one chunk, so a
 * start loads two files (main.js and it), not a chunk for every set of lazy imports that shares a module.
 */
function startupChunk() {
  const reached = new Set();
  return {
    name: 'startup-chunk',
    reached,
    buildEnd() {
      const walk = (id) => {
        if (reached.has(id)) return;
        reached.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
    },
  };
}

/** What src/kit/version.ts takes from package.json. */
function packageFacts() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
  return { version: pkg.version ?? '0.0.0', ...(bugs ? { bugs } : {}) };
}

const common = {
  cwd: root,
  platform: 'node',
  // The credential store's native addon, and a package that reads its font files next to its own sources.
  external: ['pdfkit', '@napi-rs/keyring'],
  // package.json's version and tracker, written in: `--help` and errors read no file for them.
  transform: { target: 'node22', define: { __CCP_PACKAGE__: JSON.stringify(packageFacts()) } },
  plugins,
  logLevel: 'warn',
  // (An import made dynamic where a static one also reaches the module is only a note.)
  onLog: (level, log, handle) => log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT' && handle(level, log),
};
const output = {
  format: 'esm',
  // Whitespace and comments out, names kept: stack traces stay readable.
  minify: { compress: true, mangle: false },
  comments: false,
  // ASCII: V8 then keeps each chunk's source as one byte a character, with no UTF-8 to decode.
  charset: 'ascii',
};

// What a first page loads on demand besides the start (its settings, the client, the writer of its format),
// and what the embedded default adds (the server in process and the SQLite store): one chunk each, not a
// chunk for every set of dynamic imports that shares a module. Each file a start reads costs its resolution,
// its read and its compile-cache lookup.
const FIRST_PAGE = [
  'src/config/file.ts',
  'src/config/index.ts',
  'src/config/keys.ts',
  'src/config/resolve.ts',
  'src/config/time-zone.ts',
  'src/config/trust.ts',
  'src/api/answer-bytes.ts',
  'src/api/answered-page.ts',
  'src/api/body-json.ts',
  'src/api/direct-http.ts',
  'src/api/client.ts',
  'src/api/exchange.ts',
  'src/api/paginate.ts',
  'src/api/request-parts.ts',
  'src/domain/drain.ts',
  'src/domain/record-lines.ts',
  'src/kit/credentials.ts',
  'src/kit/pager.ts',
  'src/output/json.ts',
  'src/output/sink.ts',
  'src/output/timestamps.ts',
  'src/output/writer.ts',
];
const EMBEDDED = [
  /^src\/kit\/embedded-server\.ts$/,
  /^src\/domain\/license-actions\.ts$/,
  /^src\/api\/in-process-transport\.ts$/,
  /^src\/server\/(embedded|embedded-bootstrap|health-route|in-process|app|http|router|route|json-runs|json-value|lock-wait|store-failure|twin-lookup|errors|auth|access|page-params|stamps)\.ts$/,
  /^src\/server\/routes\/(codes|download|edge-devices|licenses|notifications|organizations|index)\.ts$/,
  /^src\/server\/openapi\/routes\.ts$/,
  /^node_modules\/better-sqlite3\/lib\/.+\.js$/,
  // The SQLite store; a copy's record comparison (with the record schemas) stays apart.
  /^src\/server\/store\/(?!record-compare\.ts$)[^/]+\.ts$/,
];

const cli = await (
  await rolldown({
    ...common,
    plugins: [...plugins, startup],
    input: { main: join(root, 'src', 'cli', 'main.ts') },
    // Groups of named modules alone (below) need it; main.js is imported by bin/ccp.js alone.
    preserveEntrySignatures: 'allow-extension',
  })
).write({
  ...output,
  dir: out,
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  codeSplitting: {
    groups: [
      { name: 'start', test: (id) => startup.reached.has(id) || id.startsWith('\0builtin:') },
      // Only the modules named: what they import stays where it was (zod, the record schemas...).
      {
        name: 'page',
        test: (id) => FIRST_PAGE.some((m) => id === join(root, m)),
        includeDependenciesRecursively: false,
      },
      {
        name: 'twin',
        test: (id) => EMBEDDED.some((m) => m.test(relative(root, id))),
        includeDependenciesRecursively: false,
      },
    ],
  },
});

// The report worker is an entry of its own: the server starts it as a worker thread by its file name
// (dist/cli/report-worker.js, beside the bundle that holds src/server/reports/pool.ts).
await (await rolldown({ ...common, input: join(root, 'src/server/reports/worker.ts') })).write({
  ...output,
  file: join(out, 'report-worker.js'),
  codeSplitting: false,
  sourcemap: true,
});

// Stored help (src/runtime/stored-help.ts), which bin/ccp.js requires before it loads the bundle: CommonJS,
// one file, and the texts it prints, made by the CLI just built.
const storedHelp = await (
  await rolldown({ ...common, input: join(root, 'src/runtime/stored-help.ts') })
).write({
  ...output,
  format: 'cjs',
  file: join(out, 'stored-help.cjs'),
  codeSplitting: false,
});
writeHelpTable(root, createRequire(import.meta.url)(join(out, 'stored-help.cjs')).storedHelpFile);

// What each chunk holds (the start-up test checks that `--help` loads no heavy module through it).
const holds = {};
for (const chunk of [...cli.output, ...storedHelp.output]) {
  if (chunk.type === 'chunk') holds[chunk.fileName] = chunk.moduleIds.map((id) => relative(root, id));
}
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(holds, null, 1)}\n`);

// A file an installed package needs from a development dependency, copied so that installing ccp builds and
// downloads nothing more: Redoc's standalone bundle, for /docs.
cpSync(
  createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
  join(root, 'dist', 'redoc.standalone.js'),
);

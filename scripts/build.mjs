// Builds the CLI into dist/cli (esbuild), then warms V8's code cache for it (bin/load.js reads it).
// Why one CommonJS bundle: on Node 20 (no compile cache) parsing and compiling the CLI's modules cost a
// command more than its work, and only a classic script (vm.Script) can be given V8's cached data; an ES
// module cannot. Modules a command reaches through import() still run only when it asks for them (esbuild
// wraps each in a lazy initialiser), so `--help` runs none of undici, zod or the server.
// Type checking stays with tsc (npm run typecheck).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

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

/** What src/cli/version.ts takes from package.json. */
function packageFacts() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
  return { version: pkg.version ?? '0.0.0', ...(bugs ? { bugs } : {}) };
}

/**
 * undici's HTTP parser (llhttp compiled to WebAssembly, with and without SIMD) is a module holding its bytes
 * as base64 text: 145 KB of the transport chunk that every remote command reads and keeps as a string, and
 * decodes at the first connection. Here the bytes are files beside the chunks, read when undici asks.
 */
const llhttpFiles = {
  name: 'llhttp-files',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, (args) => {
      const name = `${basename(args.path, '-wasm.js')}.wasm`;
      const bytes = createRequire(import.meta.url)(args.path);
      if (!Buffer.isBuffer(bytes) || bytes.readUInt32BE(0) !== 0x0061736d) {
        throw new Error(`build: ${args.path} no longer exports WebAssembly bytes`);
      }
      writeFileSync(join(out, name), bytes);
      const file = `require('node:path').join(__dirname, ${JSON.stringify(name)})`;
      return {
        contents: `let bytes;\nObject.defineProperty(module, 'exports', { get: () => (bytes ??= require('node:fs').readFileSync(${file})) });\n`,
        loader: 'js',
      };
    });
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // A native addon, and a package that reads its font files next to its own sources.
  external: ['better-sqlite3', 'better-sqlite3-node20', 'pdfkit'],
  logLevel: 'warning',
};

// The CLI: split in chunks, so a command loads only the modules it reaches (esbuild's ES module output), each
// chunk then turned into CommonJS with its imports as require() calls that bin/load.js resolves.
const cli = await build({
  ...common,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: out,
  outExtension: { '.js': '.cjs' },
  splitting: true,
  format: 'esm',
  sourcemap: false,
  // Whitespace and comments out, names kept (stack traces stay readable): each start reads and copies
  // the chunks it loads, and V8 keeps their text, so every byte is paid on every run.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  // package.json's version and tracker, written in: `--help` and errors read no file for them.
  define: { __CCP_PACKAGE__: JSON.stringify(packageFacts()) },
  plugins: [undiciClient, confUnused, llhttpFiles],
  write: false,
  metafile: true,
});
// main.cjs and the chunks it requires at its top, transitively, always load together: they go in one
// script (bin/load.js runs each as the module it was), one file read and one cache instead of a score.
const outputs = cli.metafile.outputs;
const mainKey = Object.keys(outputs).find((k) => basename(k) === 'main.cjs');
const packed = new Set();
const visit = (key) => {
  for (const i of outputs[key].imports) {
    if (i.kind === 'import-statement' && !i.external && !packed.has(i.path)) {
      packed.add(i.path);
      visit(i.path);
    }
  }
};
visit(mainKey);

// What each chunk holds (the start-up test checks that `--help` loads no heavy module through it).
const holds = {};
for (const [key, o] of Object.entries(outputs)) {
  const owner = packed.has(key) ? 'main.cjs' : basename(key);
  holds[owner] = [...(holds[owner] ?? []), ...Object.keys(o.inputs)];
}
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(holds, null, 1)}\n`);

const texts = new Map();
for (const file of cli.outputFiles) {
  const cjs = await transform(file.text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import() of a chunk becomes a require() that bin/load.js serves.
    supported: { 'dynamic-import': false },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    // A script has no import.meta: the chunk's own URL stands in (package.json and the report worker are
    // found relative to it, as from the sources).
    define: { 'import.meta.url': '__ccpChunkUrl' },
    banner: file.text.includes('import.meta')
      ? "var __ccpChunkUrl = require('node:url').pathToFileURL(__filename).href;"
      : '',
  });
  // esbuild escapes non-ASCII characters in code but keeps them in comments: as plain ASCII a chunk is
  // read as a one-byte string, half the memory and no UTF-8 decoding at each start.
  texts.set(basename(file.path), cjs.code.replace(/[\u0080-\u{10ffff}]/gu, '?'));
}
const factory = (name) =>
  `${JSON.stringify(`./${name}`)}: function (exports, require, module, __filename, __dirname) {\n${texts.get(name)}},\n`;
for (const [name, code] of texts) {
  if (packed.has(join('dist', 'cli', name))) continue;
  const text =
    name === 'main.cjs'
      ? `// ccp-pack: each chunk's module function, by the name it is required by\n({\n${['main.cjs', ...[...packed].map((p) => basename(p))].map(factory).join('')}})\n`
      : code;
  // The content hash names the chunk's build, so a code cache is never used with other code.
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  writeFileSync(join(out, name), `${text}// ccp-build: ${hash}\n`);
}

// The report worker is an entry of its own: the server starts it as a worker thread by its file name
// (dist/cli/report-worker.js, beside the bundle that holds src/server/reports/pool.ts).
await build({
  ...common,
  entryPoints: { 'report-worker': 'src/server/reports/worker.ts' },
  outdir: out,
  format: 'esm',
  // Bundled CommonJS packages may call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __ccpRequire } from 'node:module'; const require = __ccpRequire(import.meta.url);",
  },
});

copyRuntimeFiles();

await warmUp();

/**
 * Files an installed package needs from development dependencies, copied so that installing ccp builds and
 * downloads nothing more: Redoc's standalone bundle (for /docs), and on Node 20 better-sqlite3 12's
 * JavaScript and the addon `npm ci` compiled for this line (src/server/store/sqlite.ts loads it there; 13,
 * a dependency, serves Node 22 and later). A package meant for Node 20 is therefore packed on Node 20.
 */
function copyRuntimeFiles() {
  const require = createRequire(import.meta.url);
  cpSync(require.resolve('redoc/bundles/redoc.standalone.js'), join(root, 'dist', 'redoc.standalone.js'));
  if (Number(process.versions.node.split('.')[0]) >= 22) return;
  const pkg = dirname(require.resolve('better-sqlite3-node20/package.json'));
  const addon = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(addon)) return;
  const dest = join(root, 'dist', 'node20');
  cpSync(join(pkg, 'lib'), join(dest, 'lib'), { recursive: true });
  cpSync(addon, join(dest, 'better_sqlite3.node'));
  cpSync(join(pkg, 'LICENSE'), join(dest, 'LICENSE'));
  // Its files are CommonJS, under a package whose type is module.
  writeFileSync(join(dest, 'package.json'), '{ "type": "commonjs" }\n');
}

/**
 * Runs the commands whose start-up matters most (help, a listing from the embedded server and from a
 * running one, a bulk add from CSV), each adding what it compiled to the caches in dist/cli. A failed
 * warm-up leaves a smaller cache or none: the CLI then compiles what is missing, nothing else changes.
 */
async function warmUp() {
  const ccp = join(root, 'bin', 'ccp.js');
  const dir = mkdtempSync(join(tmpdir(), 'ccp-build-'));
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: dir };
  for (const k of Object.keys(env)) if (k.startsWith('CCP_')) delete env[k];
  const db = join(dir, 'warm.db');
  const ccpRun = (args, extra = { CCP_BUILD_WARMUP: '1' }) => {
    const r = spawnSync(process.execPath, [ccp, ...args], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0) process.stderr.write(`build: warm-up ${args.join(' ')}: ${r.stderr}\n`);
  };
  const list = ['edgedevice', 'list', '--page-size', '1', '-o', 'json'];
  try {
    ccpRun(['edgedevice', '--help']);
    ccpRun(['server', 'seed', '--demo', '--db', db], {});
    ccpRun(['--db', db, ...list]);
    const access = Object.values(
      JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'ccp', 'config.json'), 'utf8')).embedded ?? {},
    )[0];
    // A bulk add from CSV: its modules (input, the record schemas, the server's write path) are cached too.
    const csv = join(dir, 'warm.csv');
    const rows = Array.from(
      { length: 200 },
      (_, i) => `"warm ${i}",WARM-${i},10.0.0.${i % 250},${1024 + i},Hall,true`,
    );
    writeFileSync(csv, `edgeDeviceName,serialNumber,ipAdress,port,location,isActive\n${rows.join('\n')}\n`);
    ccpRun([
      '--db',
      db,
      'edgedevice',
      'add',
      '--org',
      access?.orgUuid ?? '',
      '--user',
      randomUUID(),
      '-f',
      csv,
      '-o',
      'ndjson',
    ]);
    const server = spawn(process.execPath, [ccp, 'server', 'start', '--db', db, '--port', '0'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise((resolve, reject) => {
        let err = '';
        server.stderr.on('data', (d) => {
          err += d;
          const m = / at (http:\/\/\S+)/.exec(err);
          if (m) resolve(m[1]);
        });
        server.once('exit', () => reject(new Error(`the server stopped: ${err}`)));
      });
      ccpRun(list, { CCP_BUILD_WARMUP: '1', CCP_BASE_URL: url, CCP_TOKEN: access?.token ?? '' });
    } finally {
      server.kill('SIGKILL');
    }
  } catch (err) {
    process.stderr.write(`build: warm-up: ${err.message}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Loads the CLI from dist/cli (scripts/build.mjs): CommonJS chunks compiled with V8's code cache.
// Why: on Node 20 (no module.enableCompileCache) parsing and compiling the CLI's modules cost a command more
// than its work, and only a classic script (vm.Script) can be given V8's cached data; an ES module cannot.
// Each chunk is loaded when first required, as the ES module chunks were imported before.
// Caches are made at build time (<chunk>.cache, after warm-up runs); when one is missing or was made by
// another node version, the run writes one to the user's cache directory instead. A missing, stale or
// unwritable cache only costs the compile: the CLI runs the same without it.
const {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const { basename, dirname, sep } = require('node:path');
const vm = require('node:vm');

// Paths by concatenation: path.join's normalising, cold at start-up, costs a command about a millisecond.
const DIR = [dirname(__dirname), 'dist', 'cli'].join(sep);
/** `./chunk-X.cjs` in dist/cli (by concatenation: path.join is a measurable share of loading the chunks). */
const chunkFile = (spec) => DIR + sep + spec.slice(2);

// Each chunk's content hash, in its last line: a cache belongs to one build of one chunk.
const BUILD_ID = /\/\/ ccp-build: ([0-9a-f]+)\s*$/;

/**
 * A cache file: `<chunk hash> <node version>\n`, then V8's data. The header is read first, so a cache of
 * another node version (dist/cli's, on any line but the build's) costs one small read, not the whole file;
 * the data lands in a buffer of its own, aligned as V8 wants it (it copies data that is not).
 */
function cacheData(file, header) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.allocUnsafe(header.length + 1);
    if (readSync(fd, head, 0, head.length, 0) !== head.length) return undefined;
    if (head.toString('latin1') !== `${header}\n`) return undefined;
    const data = Buffer.allocUnsafe(fstatSync(fd).size - head.length);
    for (let at = 0, n; at < data.length; at += n) {
      n = readSync(fd, data, at, data.length - at, head.length + at);
      if (n === 0) return undefined;
    }
    return data;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * mkdir -p with a bounded walk: node's recursive mkdirSync never returns for a folder under /proc (ENOENT
 * for the child, EEXIST for the parent, again and again), and a cache must never hold a command up.
 */
function makeDirs(dir) {
  const missing = [];
  for (let d = dir; !existsSync(d) && missing.length < 64; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err; // another ccp made it first
    }
  }
}

function writeAtomic(file, header, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    makeDirs(dirname(file));
    writeFileSync(tmp, Buffer.concat([Buffer.from(`${header}\n`, 'latin1'), data]), { mode: 0o644 });
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {}
  }
}

// Built-ins that modules require at their top but most commands never use: each loads (about 30 of
// Node's own modules in all) when something of it is first used. commander requires child_process for
// subcommands that are executables (ccp has none); crypto, fs/promises and stream/consumers serve writes;
// worker_threads renders reports (the embedded server's chunk holds the pool); undici's client requires
// http2 (below).
// readline serves `server import` and timers/promises the wait for a locked database: both sit in the
// embedded server's chunk, which every command on the embedded default loads. tty (with net and the stream
// modules) is asked only whether a character device is a terminal (src/cli/io.ts).
const LAZY_BUILTINS = new Set([
  'node:child_process',
  'node:crypto',
  'node:fs/promises',
  'node:stream/consumers',
  'node:worker_threads',
  'node:http2',
  'node:readline',
  'node:timers/promises',
  'node:tty',
]);

// undici's client reads these HTTP/2 constants from node:http2 when it loads, and uses the module only for
// an HTTP/2 connection, which ccp never asks for (no allowH2). They are the protocol's own (RFC 9113, RFC
// 8441): served from here, a listing does not load node:http2 with tls and crypto (about 13 ms). The
// start-up test checks them against node's; any other constant comes from the module.
const HTTP2_CONSTANTS = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_REFUSED_STREAM: 7,
  NGHTTP2_CANCEL: 8,
};

/**
 * node:assert as undici uses it: `assert(value)` at the top of most of its modules and on its request path.
 * A true value asks nothing of the module; loading it (with its diff and error helpers) cost a remote command
 * about a tenth of node's own start-up on Node 24. A false one, or any member, loads it and answers as it.
 */
function lazyAssert(nodeRequire) {
  let mod;
  const real = () => {
    mod ??= nodeRequire('node:assert');
    return mod;
  };
  return new Proxy(function assert() {}, {
    apply: (_, self, args) => (args[0] ? undefined : Reflect.apply(real(), self, args)),
    get: (_, key) => real()[key],
    has: (_, key) => key in real(),
  });
}

/** The module `spec` of Node, required when one of its members is first read; `own` members come first. */
function lazyBuiltin(spec, nodeRequire, own = {}) {
  let mod;
  const real = () => {
    mod ??= nodeRequire(spec);
    return mod;
  };
  const constants =
    spec === 'node:http2'
      ? new Proxy(HTTP2_CONSTANTS, {
          get: (known, key) => (Object.hasOwn(known, key) ? known[key] : real().constants[key]),
        })
      : undefined;
  return new Proxy(Object.create(null), {
    get: (_, key) => {
      if (Object.hasOwn(own, key)) return own[key];
      return key === 'constants' && constants && !mod ? constants : real()[key];
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      if (Object.hasOwn(own, key))
        return { value: own[key], writable: false, enumerable: true, configurable: true };
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
  });
}

/**
 * Compiles and runs the CLI's entry chunk; returns its exports (`main`, `run`). `env.CCP_BUILD_WARMUP=1`
 * (the build's warm-up runs) adds what the run compiled to the caches in dist/cli.
 */
function loadCli(env = process.env) {
  const warmUp = env.CCP_BUILD_WARMUP === '1';
  // Where a cache goes when the build made none for this node (node:os loads only then).
  let cacheDir;
  const userCache = () => {
    cacheDir ??= `${env.XDG_CACHE_HOME || `${env.HOME || require('node:os').homedir()}${sep}.cache`}${sep}ccp`;
    return cacheDir;
  };
  // Packages and node's modules, found from bin/ as from dist/cli (both below the package's node_modules):
  // this module's own require, without loading node:module for createRequire.
  const nodeRequire = require;
  const loaded = new Map();
  const toWrite = [];
  let assert;

  // Module functions of a pack (main.cjs holds those of the chunks it requires at its top), by file.
  const packed = new Map();

  // V8 accepts cached data only under the V8 flags it was made with. The CLI sets one before it reaches a
  // remote service (--liftoff-only: src/api/client.ts says why), through this module's node:v8: what was
  // compiled until then has its cache made at once, under the flags it was compiled with, and what is
  // compiled after keeps its cache apart (`<chunk>.liftoff-only.cache`). No other command loads node:v8.
  const flagsSet = new Set();
  let flagsTag = '';
  const v8 = lazyBuiltin('node:v8', nodeRequire, {
    setFlagsFromString(flags) {
      if (flagsSet.has(flags)) return;
      for (const entry of toWrite) entry.data ??= entry.script.createCachedData();
      nodeRequire('node:v8').setFlagsFromString(flags);
      flagsSet.add(flags);
      flagsTag = [...flagsSet].map((f) => f.replace(/[^a-z0-9-]/gi, '').replace(/^-+/, '')).join('.');
    },
  });

  function load(file) {
    const source = readFileSync(file, 'latin1'); // ASCII: scripts/build.mjs
    const id = BUILD_ID.exec(source.slice(-64))?.[1] ?? 'none';
    const header = `${id} ${process.version}`;
    const tag = flagsTag ? `.${flagsTag}` : '';
    let cacheFile = `${file}${tag}.cache`;
    let cachedData = cacheData(cacheFile, header);
    if (!cachedData && !warmUp) {
      cacheFile = `${userCache()}${sep}${basename(file)}-${id}-${process.version}-${process.arch}${tag}.cache`;
      cachedData = cacheData(cacheFile, header);
    }
    const pack = source.startsWith('// ccp-pack');
    const script = new vm.Script(
      pack ? source : `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
      {
        filename: file,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      },
    );
    // Rejected data (node run with other V8 flags) is left alone: a new cache would be rejected as often.
    if (warmUp || !cachedData) toWrite.push({ script, cacheFile, header });
    if (!pack) return run(file, script.runInThisContext());
    for (const [name, fn] of Object.entries(script.runInThisContext())) packed.set(chunkFile(name), fn);
    return run(file, packed.get(file));
  }

  function run(file, fn) {
    const module = { exports: {} };
    loaded.set(file, module);
    fn(module.exports, requireFrom, module, file, DIR);
    return module.exports;
  }

  // Chunks name each other `./chunk-X.cjs`; anything else is a package or a Node built-in.
  function requireFrom(spec) {
    if (spec === 'node:v8') return v8;
    if (spec === 'node:assert') {
      assert ??= lazyAssert(nodeRequire);
      return assert;
    }
    if (LAZY_BUILTINS.has(spec)) return lazyBuiltin(spec, nodeRequire);
    if (!spec.startsWith('./')) return nodeRequire(spec);
    const file = chunkFile(spec);
    const done = loaded.get(file);
    if (done) return done.exports;
    const fn = packed.get(file);
    return fn ? run(file, fn) : load(file);
  }
  requireFrom.resolve = nodeRequire.resolve;

  // At exit, when every function the command ran has been compiled.
  process.once('exit', () => {
    for (const { script, cacheFile, header, data } of toWrite)
      writeAtomic(cacheFile, header, data ?? script.createCachedData());
  });
  return requireFrom('./main.cjs');
}

module.exports = { loadCli, lazyAssert, HTTP2_CONSTANTS };

#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm run build` (and by `npm pack`, through `prepack`).
// CommonJS (bin/package.json), so that it runs before any of the bundle is compiled.
const { existsSync, readFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

// The lines ccp runs on (package.json `engines`): on an older one, say so rather than fail on what it lacks.
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 12);
// Node's own compile cache for the bundle's modules.
if (supported) require('node:module').enableCompileCache();
// Once nothing is left to run (every write drained, every handle closed: the event loop is empty), the process
// ends at once, with the exit code set: Node's teardown of the heap, which an exit at this point skips, takes
// longer the larger the heap (a bulk add's or an export's: tens of milliseconds).
process.once('beforeExit', () => process.exit());

const args = process.argv.slice(2);
if (!supported) {
  process.stderr.write(
    `ccp: Node.js ${process.versions.node} is not supported: ccp runs on Node.js 22 (22.12 or later), 24 or 26\n`,
  );
  process.exitCode = 1;
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered before the CLI is loaded: it prints the same.
  let version = '0.0.0';
  try {
    version = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version ?? version;
  } catch {}
  try {
    writeSync(1, `${version}\n`);
  } catch (err) {
    if (err.code === 'EAGAIN') process.stdout.write(`${version}\n`);
    else if (err.code !== 'EPIPE') throw err;
  }
} else if (!storedHelp(args)) {
  const entry = join(__dirname, '..', 'dist', 'cli', 'main.js');
  const failed = (err) => {
    if (err?.code === 'ERR_MODULE_NOT_FOUND' && !existsSync(entry)) {
      // A checkout after `npm ci`, before the build.
      process.stderr.write(`ccp: not built yet: run \`npm run build\` in ${join(__dirname, '..')}\n`);
      process.exitCode = 70;
      return;
    }
    process.stderr.write(`ccp: ${err?.stack ? err.stack : err}\n`);
    // A fault of ccp itself: where to report it (package.json `bugs`), as main says for its own faults.
    try {
      const { bugs } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
      const url = typeof bugs === 'string' ? bugs : bugs?.url;
      if (url) process.stderr.write(`Report a problem: ${url}\n`);
    } catch {}
    process.exitCode = 70;
  };
  import(pathToFileURL(entry).href).then((cli) => cli.main(process.argv)).catch(failed);
}

/**
 * `ccp [command [verb]] --help` into a pipe or a file: the text the build stored, printed without loading the
 * CLI (src/runtime/stored-help.ts); false when it has none to print, or before the build.
 */
function storedHelp(words) {
  const last = words.at(-1);
  if (last !== '--help' && last !== '-h') return false;
  const dist = join(__dirname, '..', 'dist', 'cli');
  let printStoredHelp;
  try {
    ({ printStoredHelp } = require(join(dist, 'stored-help.cjs')));
  } catch {
    return false;
  }
  return printStoredHelp(words, join(dist, 'help'));
}

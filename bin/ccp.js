#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm run build` (and by `npm pack`, through `prepack`).
// CommonJS (bin/package.json): an ES module entry would start node's ES module loader, about 5 ms of CPU.
const { readFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered before the CLI is loaded: loading it costs more than node's own start, and prints the same.
  let version = '0.0.0';
  try {
    version = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version ?? version;
  } catch {}
  // Straight to the descriptor: process.stdout over a pipe costs more than the rest of this answer.
  try {
    writeSync(1, `${version}\n`);
  } catch (err) {
    if (err.code === 'EAGAIN') process.stdout.write(`${version}\n`);
    else if (err.code !== 'EPIPE') throw err;
  }
} else {
  const failed = (err) => {
    if (err?.code === 'ENOENT' && String(err.path).endsWith(join('dist', 'cli', 'main.cjs'))) {
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
  try {
    require('./load.js').loadCli().main(process.argv).catch(failed);
  } catch (err) {
    failed(err);
  }
}

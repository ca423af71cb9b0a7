#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm run build` (run on `npm ci` through `prepare`).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered before the CLI is loaded: loading it costs more than node's own start, and prints the same.
  let version = '0.0.0';
  try {
    version =
      JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version ?? version;
  } catch {}
  process.stdout.write(`${version}\n`);
} else {
  import('./load.js')
    .then(({ loadCli }) => loadCli().main(process.argv))
    .catch((err) => {
      process.stderr.write(`ccp: ${err?.stack ? err.stack : err}\n`);
      process.exitCode = 70;
    });
}

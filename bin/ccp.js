#!/usr/bin/env node
// Thin shim: the CLI is compiled to dist/ by `npm run build` (run on `npm ci` through `prepare`).
import('../dist/cli/main.js')
  .then((m) => m.main(process.argv))
  .catch((err) => {
    process.stderr.write(`ccp: ${err?.stack ? err.stack : err}\n`);
    process.exitCode = 70;
  });

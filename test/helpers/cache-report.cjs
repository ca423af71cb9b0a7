// Loaded with --require into a ccp process (test/e2e/code-cache.test.ts): notes, for every script bin/load.js
// compiles, whether it came with V8 cached data and whether V8 took it, and writes them at exit.
const { writeFileSync } = require('node:fs');
const { basename } = require('node:path');
const vm = require('node:vm');

const Script = vm.Script;
const seen = [];
vm.Script = function CacheReportingScript(source, options) {
  const script = new Script(source, options);
  const state = !options?.cachedData ? 'no cache' : script.cachedDataRejected ? 'rejected' : 'ok';
  seen.push({ script: basename(options?.filename ?? '?'), state });
  return script;
};
process.on('exit', () => writeFileSync(process.env.CACHE_REPORT, JSON.stringify(seen)));

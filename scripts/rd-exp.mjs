import { rolldown } from 'rolldown';
import { join } from 'node:path';
import { readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2];
rmSync(out, { recursive: true, force: true });
const redirect = (name, test, target) => ({ name, resolveId(src, importer) { if (importer && test(src, importer)) return target; } });
const builtins = {
  name: 'builtins-through-require',
  resolveId(src, importer, opts) {
    if (!src.startsWith('node:') || src === 'node:module') return;
    if (importer?.startsWith('\0builtin:') || opts.kind === 'dynamic-import') return { id: src, external: true };
    return `\0builtin:${src}`;
  },
  load(id) { if (id.startsWith('\0builtin:')) return { code: `module.exports = require(${JSON.stringify(id.slice(9))});`, moduleType: 'js' }; },
};
const start = new Set();
const startup = {
  name: 'startup-set',
  buildEnd() {
    const walk = (id) => { if (start.has(id)) return; start.add(id); for (const d of this.getModuleInfo(id)?.importedIds ?? []) walk(d); };
    for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
  },
};
const plugins = [
  redirect('undici-client', (s, i) => s === 'undici' && i.startsWith(join(root, 'src')), join(root, 'scripts/undici-client.mjs')),
  redirect('undici-no-h2', (s, i) => s === './client-h2.js' && i.includes('node_modules/undici/lib/dispatcher'), join(root, 'scripts/undici-no-h2.cjs')),
  redirect('conf-unused', (s, i) => /^(ajv\/dist\/2020\.js|ajv-formats|semver)$/.test(s) && i.includes('node_modules/conf'), join(root, 'scripts/conf-unused.mjs')),
  redirect('commander', (s, i) => s === 'node:child_process' && i.includes('node_modules/commander'), join(root, 'scripts/commander-no-subprocess.cjs')),
  builtins, startup,
];
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bundle = await rolldown({
  cwd: root, input: { main: join(root, 'src/cli/main.ts') }, platform: 'node',
  external: ['better-sqlite3', 'better-sqlite3-node20', 'pdfkit'],
  transform: { define: { __CCP_PACKAGE__: JSON.stringify({ version: pkg.version, bugs: pkg.bugs?.url ?? pkg.bugs }) } },
  plugins, logLevel: 'silent',
});
const r = await bundle.write({ dir: out, format: 'esm', minify: process.env.MIN ? { compress: true, mangle: false } : 'dce-only', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js',
  codeSplitting: { groups: [{ name: 'start', test: (id) => start.has(id) }] } });
console.log(r.output.length, 'files', start.size, 'startup modules');

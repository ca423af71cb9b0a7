// Fails when src/ has an import cycle. The graph is esbuild's (the bundler that builds dist/): it drops
// type-only imports, as the compiled program does, and keeps dynamic ones. madge would be the usual tool,
// but it parses TypeScript through the TypeScript 5 API, which TypeScript 7 no longer has.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const entryPoints = readdirSync('src', { recursive: true })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('src', f));
const { metafile } = await build({
  entryPoints,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  outdir: 'dist-cycles',
  write: false,
  metafile: true,
  logLevel: 'error',
});
const graph = new Map(
  Object.entries(metafile.inputs).map(([file, input]) => [
    file,
    input.imports.filter((i) => !i.external).map((i) => i.path),
  ]),
);

// Strongly connected components (Tarjan): each one with more than one file holds at least one cycle.
const index = new Map();
const low = new Map();
const stack = [];
const cycles = [];
function visit(v) {
  index.set(v, index.size);
  low.set(v, index.get(v));
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (stack.includes(w)) {
      low.set(v, Math.min(low.get(v), index.get(w)));
    }
  }
  if (low.get(v) !== index.get(v)) return;
  const component = stack.splice(stack.indexOf(v));
  if (component.length > 1) cycles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

if (cycles.length > 0) {
  for (const c of cycles) process.stderr.write(`import cycle among:\n  ${c.sort().join('\n  ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`no import cycle in ${graph.size} modules\n`);
}

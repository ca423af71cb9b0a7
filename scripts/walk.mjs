// `node scripts/walk.mjs ARGS...`: runs `ccp ARGS...` from src/ and says on stderr what the run went through,
// from argv to the bytes written (the walks of docs/architecture.md): the functions of src/ that ran (V8's
// precise coverage; a module's top level is not counted), the files they are in, and the imports between
// those files that cross from one layer (src/<folder>) to another. TypeScript is made JavaScript by
// Rolldown's transform (oxc; Node's own type stripping leaves parameter properties out from Node 26 on); an
// import counts when it runs (a dynamic one only when it is reached).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const inSrc = (url) => url?.startsWith('file:') && fileURLToPath(url).startsWith(SRC);
const rel = (url) => fileURLToPath(url).slice(SRC.length);
const layer = (path) => path.split('/')[0];

if (!process.env.NODE_V8_COVERAGE) {
  // The parent: runs the walk in a child with coverage on, then counts.
  const dir = mkdtempSync(join(tmpdir(), 'ccp-walk-'));
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_V8_COVERAGE: dir, NODE_NO_WARNINGS: '1' },
  });
  const { edges } = JSON.parse(readFileSync(join(dir, 'walk.json'), 'utf8'));
  const ran = new Map();
  const names = new Map();
  for (const name of readdirSync(dir).filter((n) => n.startsWith('coverage-'))) {
    for (const script of JSON.parse(readFileSync(join(dir, name), 'utf8')).result) {
      if (!inSrc(script.url)) continue;
      // The first function is the module's top level.
      const fns = script.functions.slice(1).filter((f) => f.ranges[0].count > 0);
      if (fns.length === 0) continue;
      ran.set(rel(script.url), (ran.get(rel(script.url)) ?? 0) + fns.length);
      names.set(
        rel(script.url),
        fns.map(
          (f) => `${f.functionName || '(anonymous)'}${f.ranges[0].count > 1 ? `x${f.ranges[0].count}` : ''}`,
        ),
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const functions = [...ran.values()].reduce((a, b) => a + b, 0);
  const crossings = edges.filter(([from, to]) => ran.has(from) && ran.has(to) && layer(from) !== layer(to));
  const layers = [...new Set([...ran.keys()].map(layer))].join(', ');
  writeSync(
    2,
    `walk: ${functions} functions, ${ran.size} files (${layers}), ${crossings.length} crossings\n`,
  );
  if (process.env.WALK_LIST) {
    writeSync(
      2,
      `${[...ran]
        // WALK_LIST=functions names the functions that ran in each file (xN: called N times).
        .map(
          ([f, n]) =>
            `${n}\t${f}${process.env.WALK_LIST === 'functions' ? `\t${names.get(f).join(' ')}` : ''}`,
        )
        .sort()
        .join('\n')}\n`,
    );
    writeSync(2, `${crossings.map((e) => e.join(' -> ')).join('\n')}\n`);
  }
  process.exitCode = child.status ?? 1;
} else {
  const { transformSync } = await import('rolldown/experimental');
  const edges = new Set();
  registerHooks({
    resolve(specifier, context, next) {
      if (inSrc(context.parentURL) && specifier.startsWith('.') && specifier.endsWith('.js')) {
        const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
        if (existsSync(fileURLToPath(ts))) {
          edges.add(`${rel(context.parentURL)} ${rel(ts.href)}`);
          return { url: ts.href, format: 'module', shortCircuit: true };
        }
      }
      return next(specifier, context);
    },
    load(url, context, next) {
      if (!inSrc(url) || !url.endsWith('.ts')) return next(url, context);
      const path = fileURLToPath(url);
      const { code, errors } = transformSync(path, readFileSync(path, 'utf8'), { lang: 'ts' });
      if (errors.length > 0) throw new Error(`${path}: ${errors[0].message}`);
      return { format: 'module', source: code, shortCircuit: true };
    },
  });
  process.on('exit', () => {
    const list = [...edges].map((e) => e.split(' '));
    writeFileSync(join(process.env.NODE_V8_COVERAGE, 'walk.json'), JSON.stringify({ edges: list }));
  });
  const { main } = await import(pathToFileURL(`${SRC}cli/main.ts`).href);
  await main([process.argv[0], 'ccp', ...process.argv.slice(2)]);
}

// `npm run layers`: the import graph of src/ (dependency-cruiser, parsing with swc: TypeScript 7 has no API
// for it yet), type-only imports included. The layers of docs/architecture.md: domain at the bottom;
// input, output, config and api on domain alone; server on domain alone; cli and commands on top;
// runtime (process-wide tuning) on nothing, switched on by the entry point.
// `knownViolations` lists what breaks these rules today, each to be fixed (delete its entry with the fix):
// the check fails on any other, so the list can only shrink, in plain sight.
/** A known violation, as `depcruise --output-type baseline` writes it. */
const known = (from, to, unresolvedTo, rule) => ({
  type: 'dependency',
  from,
  to,
  unresolvedTo,
  dependencyTypes: ['local', 'import'],
  rule: { severity: 'error', name: rule },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, type-only imports included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'src/domain imports nothing else in src.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'middle-layers-on-domain',
      severity: 'error',
      comment: 'input, output, config, api and server stand on domain (and themselves) alone.',
      from: { path: '^src/(input|output|config|api|server)/' },
      to: { path: '^src/', pathNot: ['^src/domain/', '^src/$1/'] },
    },
    {
      name: 'runtime-stands-alone',
      severity: 'error',
      comment: 'src/runtime imports nothing in src; only the entry point (src/cli/main.ts) imports it.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/runtime/' },
    },
    {
      name: 'runtime-from-the-entry',
      severity: 'error',
      comment: 'The entry point switches the tricks on: main, and the IO of the running process it makes.',
      from: { path: '^src/', pathNot: ['^src/runtime/', '^src/cli/main\\.ts$', '^src/cli/system-io\\.ts$'] },
      to: { path: '^src/runtime/' },
    },
    {
      name: 'nothing-below-reaches-up',
      severity: 'error',
      comment: 'Only cli and commands import cli or commands (and apply, their helper).',
      from: { path: '^src/(domain|input|output|config|api|server|runtime)/' },
      to: { path: '^src/(cli|commands|apply)/' },
    },
  ],
  options: {
    knownViolations: [],
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};

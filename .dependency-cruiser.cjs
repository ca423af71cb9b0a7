// `npm run layers`: the import graph of src/ (dependency-cruiser, parsing with swc: TypeScript 7 has no API
// for it yet), type-only imports included. The layers of docs/architecture.md: domain at the bottom;
// input, output, config and api on domain alone; server on domain alone; the command kit (src/kit) on
// those; commands on the kit; the entry (src/cli) on top;
// runtime (process-wide tuning) on nothing, switched on by the entry point.
// No known exception: every import obeys the rules.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'the-database-through-the-store',
      severity: 'error',
      comment:
        'Only src/server/store opens a database (the SQLite driver): everything else goes through a Store, so nothing opens the file behind the connection that serves it.',
      from: { path: '^src/', pathNot: '^src/server/store/' },
      to: { path: '^src/server/store/sqlite\\.ts$' },
    },
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
      comment: 'src/runtime imports nothing in src; only the entry (src/cli) imports it.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/runtime/' },
    },
    {
      name: 'runtime-from-the-entry',
      severity: 'error',
      comment: 'The entry switches the tricks on: main, and the IO of the running process it makes.',
      from: { path: '^src/', pathNot: ['^src/runtime/', '^src/cli/main\\.ts$', '^src/cli/system-io\\.ts$'] },
      to: { path: '^src/runtime/' },
    },
    {
      name: 'nothing-below-reaches-up',
      severity: 'error',
      comment: 'The layers under the command kit never import the kit, the commands or the entry.',
      from: { path: '^src/(domain|input|output|config|api|server|runtime)/' },
      to: { path: '^src/(kit|commands|cli)/' },
    },
    {
      name: 'openapi-reads-routes',
      severity: 'error',
      comment: 'The OpenAPI document is made from the routes; no route imports it (its own are in openapi/).',
      from: { path: '^src/server/routes/' },
      to: { path: '^src/server/openapi/' },
    },
    {
      name: 'kit-under-commands',
      severity: 'error',
      comment: 'The command kit stands on the layers below it; commands and the entry stand on it.',
      from: { path: '^src/kit/' },
      to: { path: '^src/(commands|cli)/' },
    },
    {
      name: 'commands-under-the-entry',
      severity: 'error',
      comment: 'A command stands on the kit and below; only the entry (src/cli) assembles the commands.',
      from: { path: '^src/commands/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // swc reads each file before compilation, type-only imports included (tsPreCompilationDeps is an option
    // of the tsc parser, which TypeScript 7 does not offer yet: set, it only warns).
    tsConfig: { fileName: 'tsconfig.json' },
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};

import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { OutputSpec } from '../../kit/printing.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerImportOptions {
  dbPath: string;
  file: string;
  output: Pick<OutputSpec, 'format'>;
}

export const serverImport = defineCommand<ServerImportOptions>({
  name: 'import',
  description: 'Load a fixture file (organizations, licenses, codeTypes, codes, edgeDevices, notifications)',
  examples: ['ccp server import fixture.json', 'ccp server import fixture.json --db ./ccp.db'],
  declare: (cmd) =>
    cmd
      .argument(
        '<file>',
        'a JSON fixture whose top-level keys are arrays of records, a JSON array or envelope of edge devices, or NDJSON (one device or fixture part a line)',
      )
      .addHelpText('after', `\n${DB_HELP}.`),
  parse: async (f, { args }) => ({
    dbPath: await serverDbPath(f),
    file: args[0] as string,
    output: await summaryFormat(f),
  }),
  run: runServerImport,
});

export async function runServerImport(opts: ServerImportOptions, deps: ServerDeps): Promise<void> {
  const { openStore, importRecords, fileRecords } = await import('../../server/index.js');
  const store = await openStore(opts.dbPath, dbTls(deps));
  try {
    let summary: Awaited<ReturnType<typeof importRecords>>;
    try {
      // Streamed: a file of a million devices is read a record at a time, never whole.
      summary = await importRecords(store, fileRecords(opts.file));
    } catch (err) {
      throw new UsageError(`${opts.file}: ${(err as Error).message}`);
    }
    await printSummary(deps.io, opts.output, 'Imported', summary);
  } finally {
    await store.close();
  }
}

import type { Command } from 'commander';
import { UsageError } from '../../kit/errors.js';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import type { OutputSpec } from '../../kit/output.js';
import { DB_HELP, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerImportOptions {
  dbPath: string;
  file: string;
  output: Pick<OutputSpec, 'format'>;
}

export function registerServerImport(parent: Command, f: Factory): Command {
  return parent
    .command('import')
    .description(
      'Load a fixture file (organizations, licenses, codeTypes, codes, edgeDevices, notifications)',
    )
    .argument(
      '<file>',
      'a JSON fixture whose top-level keys are arrays of records, a JSON array or envelope of edge devices, or NDJSON (one device or fixture part a line)',
    )
    .addHelpText(
      'after',
      `\n${DB_HELP}.\n${examples('ccp server import fixture.json', 'ccp server import fixture.json --db ./ccp.db')}`,
    )
    .action(async (file: string) => {
      await runServerImport(
        {
          dbPath: await serverDbPath(f),
          file,
          output: summaryFormat(f.globals(), f.io.stdoutIsTTY),
        },
        { io: f.io, clock: f.clock },
      );
    });
}

export async function runServerImport(opts: ServerImportOptions, deps: ServerDeps): Promise<void> {
  const { openStore, importRecords, fileRecords } = await import('../../server/index.js');
  const store = openStore(opts.dbPath);
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
    store.close();
  }
}

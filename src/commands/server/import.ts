import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import type { OutputSpec } from '../../cli/output.js';
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
    .argument('<file>', 'a JSON fixture whose top-level keys are arrays of records')
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
  let fixture: unknown;
  try {
    fixture = JSON.parse(await readFile(opts.file, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read ${opts.file}: ${(err as Error).message}`);
  }
  const { openStore, importFixture } = await import('../../server/index.js');
  const store = openStore(opts.dbPath);
  try {
    let summary: ReturnType<typeof importFixture>;
    try {
      summary = importFixture(store, fixture);
    } catch (err) {
      throw new UsageError(`${opts.file}: ${(err as Error).message}`);
    }
    await printSummary(deps.io, opts.output, 'Imported', summary);
  } finally {
    store.close();
  }
}

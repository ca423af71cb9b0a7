import { Option } from 'commander';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { OutputSpec } from '../../kit/printing.js';
import { DB_HELP, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerSeedOptions {
  dbPath: string;
  output: Pick<OutputSpec, 'format'>;
}

export const serverSeed = defineCommand<ServerSeedOptions>({
  name: 'seed',
  description: 'Load the demo data set (deterministic; seeding twice leaves one copy)',
  examples: ['ccp server seed --demo', 'ccp server seed --demo --db ./ccp.db'],
  declare: (cmd) =>
    cmd
      .addOption(
        new Option('--demo', 'the demo data set (the only one there is, named so the intent is explicit)'),
      )
      .addHelpText('after', `\n${DB_HELP}.`),
  parse: async (f, { flags }) => {
    if (!flags.demo) throw new UsageError('nothing to seed', { hint: 'ccp server seed --demo' });
    return {
      dbPath: await serverDbPath(f),
      output: summaryFormat(f.globals(), f.io.stdoutIsTTY),
    };
  },
  run: runServerSeed,
});

export async function runServerSeed(opts: ServerSeedOptions, deps: ServerDeps): Promise<void> {
  const { openStore, seedDemo } = await import('../../server/index.js');
  const store = openStore(opts.dbPath);
  try {
    await printSummary(deps.io, opts.output, 'Seeded demo data', seedDemo(store));
  } finally {
    store.close();
  }
}

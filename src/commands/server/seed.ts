import { type Command, Option } from 'commander';
import { UsageError } from '../../kit/errors.js';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import type { OutputSpec } from '../../kit/output.js';
import { DB_HELP, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerSeedOptions {
  dbPath: string;
  output: Pick<OutputSpec, 'format'>;
}

export function registerServerSeed(parent: Command, f: Factory): Command {
  return parent
    .command('seed')
    .description('Load the demo data set (deterministic; seeding twice leaves one copy)')
    .addOption(
      new Option('--demo', 'the demo data set (the only one there is, named so the intent is explicit)'),
    )
    .addHelpText(
      'after',
      `\n${DB_HELP}.\n${examples('ccp server seed --demo', 'ccp server seed --demo --db ./ccp.db')}`,
    )
    .action(async (flags: { demo?: boolean }) => {
      if (!flags.demo) throw new UsageError('nothing to seed', { hint: 'ccp server seed --demo' });
      await runServerSeed(
        {
          dbPath: await serverDbPath(f),
          output: summaryFormat(f.globals(), f.io.stdoutIsTTY),
        },
        { io: f.io, clock: f.clock },
      );
    });
}

export async function runServerSeed(opts: ServerSeedOptions, deps: ServerDeps): Promise<void> {
  const { openStore, seedDemo } = await import('../../server/index.js');
  const store = openStore(opts.dbPath);
  try {
    await printSummary(deps.io, opts.output, 'Seeded demo data', seedDemo(store));
  } finally {
    store.close();
  }
}

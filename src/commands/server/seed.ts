import { Option } from 'commander';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { OutputSpec } from '../../kit/printing.js';
import type { Prompter } from '../../kit/prompter.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerSeedOptions {
  dbPath: string;
  output: Pick<OutputSpec, 'format'>;
  /** Replace demo records changed since they were seeded without asking. */
  force: boolean;
}

export const serverSeed = defineCommand<ServerSeedOptions>({
  name: 'seed',
  description: 'Load the demo data set (deterministic; seeding twice leaves one copy)',
  examples: [
    'ccp server seed --demo',
    'ccp server seed --demo --db ./ccp.db',
    'ccp server seed --demo --force   # replace demo records changed since',
  ],
  declare: (cmd) =>
    cmd
      .addOption(
        new Option('--demo', 'the demo data set (the only one there is, named so the intent is explicit)'),
      )
      .addOption(
        new Option(
          '--force',
          'replace demo records changed since they were seeded (a terminal asks first; a script never does)',
        ),
      )
      .addHelpText('after', `\n${DB_HELP}.`),
  parse: async (f, { flags }) => {
    if (!flags.demo) throw new UsageError('nothing to seed', { hint: 'ccp server seed --demo' });
    return {
      dbPath: await serverDbPath(f),
      output: await summaryFormat(f),
      force: flags.force === true,
    };
  },
  run: runServerSeed,
});

/**
 * Seeds the demo data set. Demo records changed since they were seeded are not replaced without --force: a
 * terminal asks, anything else is refused (exit 2) with nothing written.
 */
export async function runServerSeed(
  opts: ServerSeedOptions,
  deps: ServerDeps & { prompter: Prompter },
): Promise<void> {
  const { openStore, seedDemo, changedDemoRecords } = await import('../../server/index.js');
  const store = await openStore(opts.dbPath, dbTls(deps));
  try {
    const changed = opts.force ? [] : await changedDemoRecords(store);
    if (changed.length > 0) {
      const what = changed.map((c) => `${c.count} ${c.kind}`).join(', ');
      const message = `${store.describe()} holds demo records changed since they were seeded (${what})`;
      if (!deps.io.canPrompt())
        throw new UsageError(`${message}: seeding would replace them`, {
          hint: 'pass --force to replace them with the demo data',
        });
      const go = await deps.prompter.confirm({
        message: `${message}. Replace them with the demo data?`,
        flag: '--force',
        default: false,
      });
      if (!go) {
        deps.io.note('Not seeded: nothing was changed.');
        return;
      }
    }
    await printSummary(deps.io, opts.output, 'Seeded demo data', await seedDemo(store));
  } finally {
    await store.close();
  }
}

// How a verb is declared (every verb's description and examples; a list verb's flags and action), and what
// the read verbs (get, list) read with.
import type { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { RecordKind } from '../domain/index.js';
import type { TwinLookup } from '../domain/lookup.js';
import type { Factory } from './factory.js';
import { examples } from './help.js';
import type { IO } from './io.js';
import { addListFlags, addWatchFlags, type ListFlags, pageOptions, watchOptions } from './listing.js';
import { type ListingOptions, listingFilter } from './listing-run.js';
import { type OutputSpec, outputSpec } from './output.js';

/** A verb's command with its description and, after its help, its examples. */
export function verbCommand(parent: Command, name: string, description: string, lines: string[]): Command {
  return parent
    .command(name)
    .description(description)
    .addHelpText('after', examples(...lines));
}

/** A list verb (`list`, alias `ls`): its description, its examples, and the listing flags. */
export function listCommand(parent: Command, description: string, lines: string[]): Command {
  return addWatchFlags(addListFlags(verbCommand(parent, 'list', description, lines).alias('ls')));
}

/** What a read verb reads with: the terminal, the service, and the output the flags and profile chose. */
export async function readDeps(
  f: Factory,
  kind: RecordKind,
): Promise<{
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  twin: () => Promise<TwinLookup | undefined>;
}> {
  return { io: f.io, api: () => f.api(), output: await outputSpec(f, kind), twin: () => f.lookup() };
}

/** A list verb's options from its flags: the read deps, the page to fetch, and --where/--sort-by. */
export async function listingOptions(
  f: Factory,
  flags: ListFlags,
  kind: RecordKind,
): Promise<ListingOptions> {
  const watch = await watchOptions(flags);
  return {
    ...(await readDeps(f, kind)),
    page: pageOptions(flags),
    ...(await listingFilter(flags, kind)),
    ...(watch ? { watch } : {}),
  };
}

/**
 * A list verb: declared, with an action that hands the listing's options to `run`, and with them the verb's
 * arguments (as their parsers left them) when it has any (`org list <orgUuid>`).
 */
export function listVerb(
  parent: Command,
  f: Factory,
  kind: RecordKind,
  run: (opts: ListingOptions, args: string[]) => Promise<unknown>,
  description: string,
  lines: string[],
): Command {
  const cmd = listCommand(parent, description, lines);
  return cmd.action(async () => {
    await run(await listingOptions(f, cmd.opts<ListFlags>(), kind), cmd.processedArgs as string[]);
  });
}

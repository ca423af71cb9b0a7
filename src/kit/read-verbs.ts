import type { Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { RecordKind } from '../domain/index.js';
import type { TwinLookup } from '../domain/lookup.js';
import { followsPages } from '../domain/paging.js';
import type { Factory } from './factory.js';
import type { IO } from './io.js';
import { addListFlags, addWatchFlags, type ListFlags, pageOptions, watchOptions } from './listing.js';
import { type ListingOptions, listingFilter } from './listing-run.js';
import { type OutputSpec, outputSpec } from './printing.js';

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
  // The heap is tuned for a long walk before its first page comes.
  if (followsPages(flags)) f.io.expectLongWalk();
  return {
    ...(await readDeps(f, kind)),
    page: pageOptions(flags),
    ...(await listingFilter(flags, kind)),
    ...(watch ? { watch } : {}),
  };
}

/** What every list verb's spec shares: its name and alias, the listing flags, and its options from them. */
export function listVerbSpec(kind: RecordKind) {
  return {
    name: 'list',
    aliases: ['ls'],
    declare: (cmd: Command) => {
      addWatchFlags(addListFlags(cmd));
    },
    parse: (f: Factory, typed: { flags: Record<string, unknown> }) =>
      listingOptions(f, typed.flags as ListFlags, kind),
  };
}

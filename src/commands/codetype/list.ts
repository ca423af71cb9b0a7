import type { Command } from 'commander';
import { listCodeTypes } from '../../api/code-types.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { addListFlags, type ListFlags, pageOptions } from '../../cli/listing.js';
import { type ListingOptions, listingFilter, runListing } from '../../cli/listing-run.js';
import { outputSpec } from '../../cli/output.js';

export type CodeTypeListOptions = ListingOptions;

export function registerCodeTypeList(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('list')
    .alias('ls')
    .description('List code types with their codes (GET /codeTypes/{pageNo})');
  addListFlags(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp codetype list',
        'ccp codetype list --all -o yaml',
        'ccp codetype list --fields uuid,codeTypeIdentifier,value',
        "ccp codetype list --all -o ndjson --query '{id: codeTypeIdentifier, codes: length(codes)}'",
      ),
    )
    .action(async (flags: ListFlags) => {
      await runCodeTypeList({
        io: f.io,
        api: () => f.api(),
        output: await outputSpec(f, 'codeType'),
        page: pageOptions(flags),
        ...(await listingFilter(flags, 'codeType')),
      });
    });
  return cmd;
}

export async function runCodeTypeList(opts: CodeTypeListOptions): Promise<number> {
  return runListing(opts, { list: listCodeTypes, kind: 'codeType', noun: 'code types' });
}

import { listCodeTypes } from '../../api/code-types.js';
import { defineCommand } from '../../kit/command.js';
import { addListFlags, addWatchFlags, type ListFlags } from '../../kit/listing.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listingOptions } from '../../kit/read-verbs.js';

export type CodeTypeListOptions = ListingOptions;

export const codeTypeList = defineCommand<CodeTypeListOptions>({
  name: 'list',
  aliases: ['ls'],
  description: 'List code types with their codes (GET /codeTypes/{pageNo})',
  examples: [
    'ccp codetype list',
    'ccp codetype list --all -o yaml',
    'ccp codetype list --fields uuid,codeTypeIdentifier,value',
    "ccp codetype list --all -o ndjson --query '{id: codeTypeIdentifier, codes: length(codes)}'",
  ],
  declare: (cmd) => addWatchFlags(addListFlags(cmd)),
  parse: (f, { flags }) => listingOptions(f, flags as ListFlags, 'codeType'),
  run: runCodeTypeList,
});

export async function runCodeTypeList(opts: CodeTypeListOptions): Promise<number> {
  return runListing(opts, { list: listCodeTypes, kind: 'codeType', noun: 'code types' });
}

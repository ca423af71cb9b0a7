import { listCodeTypes } from '../../api/code-types.js';
import { defineCommand } from '../../kit/command.js';
import { type ListingOptions, runListing } from '../../kit/listing-run.js';
import { listVerbSpec } from '../../kit/read-verbs.js';

export type CodeTypeListOptions = ListingOptions;

export const codeTypeList = defineCommand<CodeTypeListOptions>({
  ...listVerbSpec('codeType'),
  description: 'List code types with their codes (GET /codeTypes/{pageNo})',
  examples: [
    'ccp codetype list',
    'ccp codetype list --all -o yaml',
    'ccp codetype list --fields uuid,codeTypeIdentifier,value',
    "ccp codetype list --all -o ndjson --query '{id: codeTypeIdentifier, codes: length(codes)}'",
  ],
  run: runCodeTypeList,
});

export async function runCodeTypeList(opts: CodeTypeListOptions): Promise<number> {
  return runListing(opts, { list: listCodeTypes, kind: 'codeType', noun: 'code types' });
}

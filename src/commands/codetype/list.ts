import type { Command } from 'commander';
import { listCodeTypes } from '../../api/code-types.js';
import type { Factory } from '../../cli/factory.js';
import { type ListingOptions, runListing } from '../../cli/listing-run.js';
import { listVerb } from '../../cli/read-verbs.js';

export type CodeTypeListOptions = ListingOptions;

export function registerCodeTypeList(parent: Command, f: Factory): Command {
  return listVerb(
    parent,
    f,
    'codeType',
    runCodeTypeList,
    'List code types with their codes (GET /codeTypes/{pageNo})',
    [
      'ccp codetype list',
      'ccp codetype list --all -o yaml',
      'ccp codetype list --fields uuid,codeTypeIdentifier,value',
      "ccp codetype list --all -o ndjson --query '{id: codeTypeIdentifier, codes: length(codes)}'",
    ],
  );
}

export async function runCodeTypeList(opts: CodeTypeListOptions): Promise<number> {
  return runListing(opts, { list: listCodeTypes, kind: 'codeType', noun: 'code types' });
}

import { listCodeTypes } from '../../api/code-types.js';
import type { CodeType } from '../../domain/code.js';
import { defineCommand } from '../../kit/command.js';
import { addWatchFlags, watchOptions } from '../../kit/listing.js';
import { type GetOptions, runGet } from '../../kit/listing-get.js';
import { readDeps } from '../../kit/read-verbs.js';
import { requireKeys } from '../../kit/write/prompts.js';

export type CodeTypeGetOptions = GetOptions;

export const codeTypeGet = defineCommand<CodeTypeGetOptions>({
  name: 'get',
  description: 'Show code types by uuid or identifier (walks GET /codeTypes/{pageNo})',
  examples: ['ccp codetype get DEVICE_KIND', 'ccp codetype get DEVICE_KIND --query "[].codes[].value"'],
  declare: (cmd) =>
    addWatchFlags(
      cmd.argument(
        '[uuid|codeTypeIdentifier...]',
        'uuids or code type identifiers (one asked for on a terminal when none)',
      ),
    ),
  parse: async (f, { args, flags }) => ({
    ...(await readDeps(f, 'codeType')),
    keys: await requireKeys(
      f,
      args[0] as string[],
      '<uuid|codeTypeIdentifier...>',
      'Code type uuid or identifier',
    ),
    watch: await watchOptions(flags),
  }),
  run: runCodeTypeGet,
});

export async function runCodeTypeGet(opts: CodeTypeGetOptions): Promise<CodeType[]> {
  return runGet<CodeType>(opts, {
    list: listCodeTypes,
    kind: 'codeType',
    singular: 'code type',
    keyNames: 'uuid or identifier',
    keysOf: (t) => [t.uuid, t.codeTypeIdentifier],
    lookup: (twin, key) => twin.codeType(key),
    near: (twin) => twin.codeTypeIdentifiers(),
  });
}

import type { Command } from 'commander';
import { listCodeTypes } from '../../api/code-types.js';
import type { Factory } from '../../cli/factory.js';
import { type GetOptions, runGet } from '../../cli/listing-get.js';
import { readDeps, verbCommand } from '../../cli/read-verbs.js';
import { requireKeys } from '../../cli/write/prompts.js';
import type { CodeType } from '../../domain/code.js';

export type CodeTypeGetOptions = GetOptions;

export function registerCodeTypeGet(parent: Command, f: Factory): Command {
  return verbCommand(parent, 'get', 'Show code types by uuid or identifier (walks GET /codeTypes/{pageNo})', [
    'ccp codetype get DEVICE_KIND',
    'ccp codetype get DEVICE_KIND --query "[].codes[].value"',
  ])
    .argument(
      '[uuid|codeTypeIdentifier...]',
      'uuids or code type identifiers (one asked for on a terminal when none)',
    )
    .action(async (given: string[]) => {
      const keys = await requireKeys(
        f.prompter,
        given,
        '<uuid|codeTypeIdentifier...>',
        'Code type uuid or identifier',
      );
      await runCodeTypeGet({ ...(await readDeps(f, 'codeType')), keys });
    });
}

export async function runCodeTypeGet(opts: CodeTypeGetOptions): Promise<CodeType[]> {
  return runGet<CodeType>(opts, {
    list: listCodeTypes,
    kind: 'codeType',
    singular: 'code type',
    keyNames: 'uuid or identifier',
    keysOf: (t) => [t.uuid, t.codeTypeIdentifier],
  });
}

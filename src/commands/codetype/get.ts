import type { Command } from 'commander';
import { listCodeTypes } from '../../api/code-types.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { type GetOptions, runGet } from '../../cli/listing-get.js';
import { outputSpec } from '../../cli/output.js';
import type { CodeType } from '../../domain/code.js';

export type CodeTypeGetOptions = GetOptions;

export function registerCodeTypeGet(parent: Command, f: Factory): Command {
  return parent
    .command('get')
    .description('Show code types by uuid or identifier (walks GET /codeTypes/{pageNo})')
    .argument('<uuid|codeTypeIdentifier...>', 'uuids or code type identifiers')
    .addHelpText(
      'after',
      examples('ccp codetype get DEVICE_TYPE', 'ccp codetype get DEVICE_TYPE --query "[].codes[].value"'),
    )
    .action(async (keys: string[]) => {
      await runCodeTypeGet({ io: f.io, api: () => f.api(), output: await outputSpec(f, 'codeType'), keys });
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

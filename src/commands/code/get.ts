import type { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { getCode } from '../../api/codes.js';
import { uuidArg } from '../../kit/args.js';
import type { Factory } from '../../kit/factory.js';
import type { IO } from '../../kit/io.js';
import { type OutputSpec, oneRecordSpec, writeRecords } from '../../kit/output.js';
import { readDeps, verbCommand } from '../../kit/read-verbs.js';
import { requireUuidArgument } from '../../kit/write/prompts.js';

export interface CodeGetOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  codeUuid: string;
}

export function registerCodeGet(parent: Command, f: Factory): Command {
  return verbCommand(parent, 'get', 'Fetch a code with its code type (POST /codes)', [
    'ccp code get 19d70c8a-defd-4f15-a63c-32613821c3f8',
    'ccp code get 19d70c8a-defd-4f15-a63c-32613821c3f8 --fields codeIdentifier,value -o yaml',
  ])
    .argument('[codeUuid]', 'the code to fetch (asked for on a terminal when missing)', uuidArg)
    .action(async (given: string | undefined) => {
      const codeUuid = await requireUuidArgument(f.prompter, given, '<codeUuid>', 'Code uuid');
      await runCodeGet({ ...(await readDeps(f, 'code')), codeUuid });
    });
}

export async function runCodeGet(opts: CodeGetOptions): Promise<void> {
  const codes = await getCode(await opts.api(), opts.codeUuid);
  await writeRecords(opts.io, oneRecordSpec(opts.output, codes.length), 'code', codes, 'No code found.');
}

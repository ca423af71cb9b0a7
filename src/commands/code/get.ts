import type { ApiClient } from '../../api/client.js';
import { getCode } from '../../api/codes.js';
import { uuidArg } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import type { IO } from '../../kit/io.js';
import { type OutputSpec, oneRecordSpec, writeRecords } from '../../kit/printing.js';
import { readDeps } from '../../kit/read-verbs.js';
import { requireUuidArgument } from '../../kit/write/prompts.js';

export interface CodeGetOptions {
  io: IO;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  codeUuid: string;
}

export const codeGet = defineCommand<CodeGetOptions>({
  name: 'get',
  description: 'Fetch a code with its code type (POST /codes)',
  examples: [
    'ccp code get 19d70c8a-defd-4f15-a63c-32613821c3f8',
    'ccp code get 19d70c8a-defd-4f15-a63c-32613821c3f8 --fields codeIdentifier,value -o yaml',
  ],
  declare: (cmd) =>
    cmd.argument('[codeUuid]', 'the code to fetch (asked for on a terminal when missing)', uuidArg),
  parse: async (f, { args }) => {
    const codeUuid = await requireUuidArgument(f, args[0] as string | undefined, '<codeUuid>', 'Code uuid');
    return { ...(await readDeps(f, 'code')), codeUuid };
  },
  run: runCodeGet,
});

export async function runCodeGet(opts: CodeGetOptions): Promise<void> {
  const codes = await getCode(await opts.api(), opts.codeUuid);
  await writeRecords(opts.io, oneRecordSpec(opts.output, codes.length), 'code', codes, 'No code found.');
}

import { shaped } from './json.js';
import type { Sink } from './sink.js';
import type { OutputOptions, RecordWriter } from './types.js';

type Jmespath = typeof import('@jmespath-community/jmespath');

// The library loads only when --query is given: `--help`, `--version` and plain listings never pay for it.
let library: Promise<Jmespath> | undefined;
const load = () => {
  library ??= import('@jmespath-community/jmespath');
  return library;
};

/** A --query expression that does not parse: its message, from the library. */
export class QueryError extends Error {
  override name = 'QueryError';
}

/** Parses a JMESPath expression once, before anything is fetched, so a typo fails fast (exit 2). */
export async function checkQuery(expression: string): Promise<void> {
  const { compile } = await load();
  try {
    compile(expression);
  } catch (err) {
    throw new QueryError(`invalid --query: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * --query over the output: ndjson applies it to each record (so `--all` still streams; a null result
 * prints nothing, which lets a query filter), json and yaml to the whole array, as the AWS CLI does.
 */
export function createQueryWriter(sink: Sink, opts: OutputOptions & { query: string }): RecordWriter {
  const records: object[] = [];
  const run = async (value: unknown) => {
    const { search } = await load();
    try {
      return search(value as Parameters<typeof search>[0], opts.query);
    } catch (err) {
      throw new QueryError(`--query failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  if (opts.format === 'ndjson') {
    return {
      async write(record) {
        const result = await run(shaped(record, opts));
        if (result !== null) await sink.write(`${JSON.stringify(result)}\n`);
      },
      async end() {},
    };
  }
  return {
    async write(record) {
      records.push(shaped(record, opts));
    },
    async end() {
      const result = await run(records);
      if (opts.format === 'yaml') {
        const { stringify } = await import('./yaml-stringify.js');
        await sink.write(stringify(result, { lineWidth: 0, aliasDuplicateObjects: false }));
      } else await sink.write(`${JSON.stringify(result, null, 2)}\n`);
    },
  };
}

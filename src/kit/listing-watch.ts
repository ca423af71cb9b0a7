// --watch on listings and `get` (cli.md, "What operators reach for"), the way `kubectl get -w` works: the
// records are read again every --interval, and only what changed is printed, a line per record added,
// changed or gone. What is kept between reads is a digest per record, never the records.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForDrain } from '../domain/drain.js';
import type { RecordKind } from '../domain/index.js';
import { isJsonFormat } from '../output/formats.js';
import { terminalText } from '../output/terminal-text.js';
import type { IO } from './io.js';
import type { Condition } from './listing-where.js';
import { type OutputSpec, recordWriter, writeRecords } from './printing.js';

/** What a watch reads: the records' kind, the --where conditions they must meet, and how to read them all. */
export interface WatchTarget {
  kind: RecordKind;
  where?: Condition[];
  /** One whole read: every record, in any order (a listing walked, or a `get`'s keys looked up). */
  read: () => Promise<AsyncIterable<object> | Iterable<object>>;
  /**
   * The records of the first read, already printed (the `get` way, with its own not-found failure) unless
   * they are to be ADDED events; absent, the first read is the listing's, printed here.
   */
  first?: readonly object[];
}

type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** What is kept of a record between reads: a digest of its JSON, and its identity for a line about it gone. */
interface Kept {
  digest: string;
  identity: Record<string, unknown>;
}

const digestOf = (record: object) => createHash('sha1').update(JSON.stringify(record)).digest('base64');

/** Writes each record's change as it is found. Never returns: Ctrl-C ends it (exit 130). */
export async function watch(
  opts: { io: IO; output: OutputSpec },
  intervalMs: number,
  target: WatchTarget,
): Promise<never> {
  const { io } = opts;
  const { kind } = target;
  const [{ viewOf, leafValues }, where] = await Promise.all([
    import('../output/index.js'),
    import('./listing-where.js'),
  ]);
  const view = viewOf(kind);
  const identityPaths = view.table.filter((c) => c.priority === 0).map((c) => c.path);
  const keyOf = (r: object) => String((r as Record<string, unknown>)[view.name] ?? digestOf(r));
  const identityOf = (r: object) =>
    Object.fromEntries(identityPaths.map((p) => [p, (r as Record<string, unknown>)[p] ?? null]));
  const events = isJsonFormat(opts.output.format);
  const out = { ...opts.output, pager: false };
  const line = eventWriter(io, out, kind, events, identityPaths);

  let kept = new Map<string, Kept>();
  async function* records(): AsyncGenerator<object> {
    for await (const r of await target.read())
      if (!target.where || where.matchesAll(r, target.where, leafValues)) yield r;
  }
  // The first read: printed as the command prints it (a table, the records), or as ADDED events.
  if (target.first) {
    const first = target.first;
    for (const r of first) kept.set(keyOf(r), { digest: digestOf(r), identity: identityOf(r) });
    if (events) for (const r of first) await line('ADDED', r);
  } else {
    const remember = async function* () {
      for await (const r of records()) {
        kept.set(keyOf(r), { digest: digestOf(r), identity: identityOf(r) });
        yield r;
      }
    };
    if (events) for await (const r of remember()) await line('ADDED', r);
    else await writeRecords(io, out, kind, remember(), `No ${view.noun ?? 'records'} found.`);
  }
  for (;;) {
    await sleep(intervalMs, undefined, { signal: io.signal });
    const now = new Map<string, Kept>();
    for await (const r of records()) {
      const key = keyOf(r);
      const k = { digest: digestOf(r), identity: identityOf(r) };
      const before = kept.get(key);
      now.set(key, k);
      if (!before) await line('ADDED', r);
      else if (before.digest !== k.digest) await line('MODIFIED', r);
    }
    for (const [key, k] of kept) if (!now.has(key)) await line('DELETED', k.identity);
    kept = now;
  }
}

/**
 * One line per event: `{"type":"ADDED","object":{...}}` with the record as -o ndjson writes it (--fields,
 * --query and --timestamps applied), or, for the other formats, the event and the record's identity columns.
 */
function eventWriter(
  io: IO,
  spec: OutputSpec,
  kind: RecordKind,
  events: boolean,
  identity: readonly string[],
): (type: EventType, record: object) => Promise<void> {
  const write = async (text: string) => {
    if (!io.stdout.write(text)) await waitForDrain(io.stdout);
  };
  if (!events) {
    // A cell is the service's text: on a terminal it is shown escaped, its line breaks too (one line a record).
    const shown = spec.isTTY ? (text: string) => terminalText(text) : (text: string) => text;
    return (type, record) => {
      const cells = identity.map((p) => {
        const v = (record as Record<string, unknown>)[p];
        return v === null || v === undefined ? '-' : shown(String(v));
      });
      return write(`${type.padEnd(8)}  ${cells.join('  ')}\n`);
    };
  }
  const ndjson: OutputSpec = { ...spec, format: 'ndjson' };
  return async (type, record) => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _enc, done) {
        text += chunk.toString();
        done();
      },
    });
    // A record gone is known by its identity only: it is written as it is kept.
    const writer = await recordWriter(
      sink,
      type === 'DELETED' ? { ...ndjson, fields: undefined, query: undefined } : ndjson,
      kind,
    );
    await writer.write(record);
    await writer.end();
    for (const object of text.split('\n').filter((l) => l !== ''))
      await write(`{"type":"${type}","object":${object}}\n`);
  };
}

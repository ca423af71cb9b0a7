// Stdout written to descriptor 1 directly until process.stdout is needed: making process.stdout loads the
// stream modules, which a short command that prints a page never needs (docs/performance.md has its figure).
import { EventEmitter } from 'node:events';
import { writeSync } from 'node:fs';

export function isBrokenPipe(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EPIPE';
}

/**
 * Writes `bytes` to descriptor 1 from `at` on; returns how far it got: all of it, or less where the
 * descriptor would block (a non-blocking pipe that is full). A reader that went away throws EPIPE.
 */
export function writeOut(bytes: Buffer, at = 0): number {
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EAGAIN') throw err;
  }
  return at;
}

/**
 * Stdout as the record writer (output/sink.ts) uses a stream: text written to descriptor 1 at once, as
 * process.stdout writes to a pipe or a file anyway, without making it (and loading the stream modules).
 * Once process.stdout exists, or the descriptor cannot take a write whole, the rest goes through it, so
 * nothing is ever overtaken; a reader that went away closes this stream as it would close process.stdout.
 */
export class DescriptorOut extends EventEmitter {
  readonly writableHighWaterMark = 16_384;
  destroyed = false;

  constructor(
    private readonly stream: () => NodeJS.WriteStream | undefined,
    private readonly make: () => NodeJS.WriteStream,
  ) {
    super();
  }

  /** As a stream's write: a callback given last is called once the chunk is written (or handed over). */
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const done = rest.find((a) => typeof a === 'function') as ((err?: Error | null) => void) | undefined;
    const made = this.stream();
    if (made) return this.handOver(made, chunk, done);
    // Bytes are written where they lie (a page of records as the service sent them, hundreds of KB): the
    // writer hands each over once and never changes it.
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at: number;
    try {
      at = writeOut(bytes);
    } catch (err) {
      if (!isBrokenPipe(err)) throw err;
      this.destroyed = true;
      if (done) process.nextTick(done, err as Error);
      return true;
    }
    if (at < bytes.length) return this.handOver(this.make(), bytes.subarray(at), done);
    if (done) process.nextTick(done, null);
    return true;
  }

  /**
   * A write through process.stdout; when it asks the writer to wait, its 'drain' is this stream's, which the
   * writer waits for (a descriptor made non-blocking, as node makes a pipe once process.stdout exists, takes
   * only what fits).
   */
  private handOver(
    made: NodeJS.WriteStream,
    chunk: string | Uint8Array,
    done?: (err?: Error | null) => void,
  ): boolean {
    if (done ? made.write(chunk, done) : made.write(chunk)) return true;
    const drained = () => {
      made.removeListener('close', closed);
      this.emit('drain');
    };
    // A reader that goes away closes process.stdout without a drain.
    const closed = () => {
      made.removeListener('drain', drained);
      this.destroyed = true;
      this.emit('close');
    };
    made.once('drain', drained);
    made.once('close', closed);
    return false;
  }

  end(): this {
    return this;
  }
}

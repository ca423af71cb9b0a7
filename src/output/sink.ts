import { closedError, waitForDrain } from '../domain/drain.js';

/** The one settled promise a write that waited for nothing returns: no allocation per record. */
export const DONE: Promise<void> = Promise.resolve();

/**
 * Writes text to a stream, waiting for 'drain' whenever the stream asks the writer to pause. Text is gathered
 * up to the stream's own buffer size (16 KB for stdout) before it is handed over: stdout to a file or a
 * pipe is written synchronously, one system call a write, and a listing writes a line a record. Whatever
 * is gathered goes out as soon as the writer waits for anything (the next page, say) and at `flush()`.
 */
export class Sink {
  private pending = '';
  private scheduled = false;
  private readonly size: number;

  /** `filter`: what every text goes through on its way out (terminal-text.ts, on a terminal). */
  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly filter?: (text: string) => string,
  ) {
    this.size = (out as { writableHighWaterMark?: number }).writableHighWaterMark ?? 16_384;
  }

  /**
   * DONE when the text was taken without waiting, else a promise of the stream's 'drain'. Bytes (records as
   * a service wrote them) go out after what was gathered, as they are.
   */
  write(chunk: string | Uint8Array): Promise<void> {
    if (typeof chunk !== 'string') return this.writeBytes(chunk);
    if (chunk === '') return DONE;
    if (this.filter) chunk = this.filter(chunk);
    // A reader that went away (a pager the user quit) closed the stream: stop as `| head` stops us.
    if ((this.out as { destroyed?: boolean }).destroyed) return Promise.reject(closedError());
    this.pending += chunk;
    if (this.pending.length >= this.size) return this.flush();
    if (!this.scheduled) {
      this.scheduled = true;
      // Once the caller waits on anything else; a failure shows at the next write or flush.
      setImmediate(() => {
        this.scheduled = false;
        this.flush().catch(() => {});
      });
    }
    return DONE;
  }

  private writeBytes(bytes: Uint8Array): Promise<void> {
    // Whole records' lines, so whole characters: filtered as text.
    if (this.filter)
      return this.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString());
    const before = this.flush();
    if (before !== DONE) return before.then(() => this.writeBytes(bytes));
    if (bytes.length === 0) return DONE;
    if ((this.out as { destroyed?: boolean }).destroyed) return Promise.reject(closedError());
    return this.out.write(bytes) ? DONE : waitForDrain(this.out);
  }

  /** Hands what was gathered to the stream, waiting for 'drain' if it asks. */
  flush(): Promise<void> {
    const text = this.pending;
    if (text === '') return DONE;
    this.pending = '';
    if ((this.out as { destroyed?: boolean }).destroyed) return Promise.reject(closedError());
    if (this.out.write(text)) return DONE;
    return waitForDrain(this.out);
  }
}

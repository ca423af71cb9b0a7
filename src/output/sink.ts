/** Writes text to a stream, waiting for 'drain' whenever the stream asks the writer to pause. */
export class Sink {
  constructor(private readonly out: NodeJS.WritableStream) {}

  async write(chunk: string): Promise<void> {
    if (chunk === '') return;
    // A reader that went away (a pager the user quit) closed the stream: stop as `| head` stops us.
    if ((this.out as { destroyed?: boolean }).destroyed) throw closedError();
    if (this.out.write(chunk)) return;
    await waitForDrain(this.out);
  }
}

function waitForDrain(out: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      out.removeListener('drain', onDrain);
      out.removeListener('error', onError);
      out.removeListener('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    // A reader that goes away (`ccp ... | head`) closes the stream without ever draining it.
    const onClose = () => {
      cleanup();
      reject(closedError());
    };
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

function closedError(): Error {
  return Object.assign(new Error('output stream closed'), { code: 'EPIPE' });
}

// Waiting for a writable stream's 'drain', shared by the client's output and the server's replies: a
// reader that goes away closes the stream without ever draining it, which events.once would wait out.

/** The error a write into a stream whose reader went away gets, as a pipe's EPIPE. */
export function closedError(): Error {
  return Object.assign(new Error('output stream closed'), { code: 'EPIPE' });
}

/** Resolves at the stream's 'drain'; rejects at 'error', or at 'close' (its reader went away). */
export function waitForDrain(out: NodeJS.WritableStream): Promise<void> {
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

/**
 * An AbortSignal that Ctrl-C (SIGINT) aborts while a long command runs, so it can stop between steps and
 * say what it did. The listener is removed by dispose(); a second Ctrl-C then ends the process as usual.
 */
export function sigintSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSigint) };
}

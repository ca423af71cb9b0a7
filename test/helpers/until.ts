/** Resolves once `ready()` holds, checking on each turn of the timers: a test waits for an event, not a clock. */
export async function until(ready: () => boolean, what = 'the condition', limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

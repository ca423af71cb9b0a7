// A second Ctrl-C ends the process at once, but not while a report worker is being torn down (a process that
// exits then can abort in Node's teardown of the worker): what holds the exit is waited for, briefly.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { handleSigint } from '../../src/cli/interrupt.js';
import { testIO } from '../helpers/test-io.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function exits() {
  const codes: unknown[] = [];
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    codes.push(code);
  }) as typeof process.exit);
  return codes;
}

describe('a second Ctrl-C', () => {
  it('waits for what holds the exit, then exits 130', async () => {
    const codes = exits();
    const io = testIO();
    let release!: () => void;
    io.holdExit(() => new Promise<void>((r) => (release = r)));
    const sigint = handleSigint(io, () => false);
    sigint();
    await new Promise((r) => setTimeout(r, 350));
    sigint();
    await new Promise((r) => setTimeout(r, 50));
    expect(codes).toEqual([]);
    release();
    await vi.waitFor(() => expect(codes).toEqual([EXIT.interrupted]));
  });

  it('waits at most the time it gives the holds', async () => {
    const codes = exits();
    const io = testIO();
    let given: number | undefined;
    // A hold that never ends by itself but keeps to the time it is given.
    io.holdExit((ms) => {
      given = ms;
      return new Promise<void>((r) => setTimeout(r, ms));
    });
    const sigint = handleSigint(io, () => false);
    sigint();
    await new Promise((r) => setTimeout(r, 350));
    const second = Date.now();
    sigint();
    await vi.waitFor(() => expect(codes).toEqual([EXIT.interrupted]), { timeout: 2000 });
    expect(given).toBeLessThanOrEqual(500);
    expect(Date.now() - second).toBeLessThan(1000);
  });

  it('exits at once when nothing holds it', async () => {
    const codes = exits();
    const io = testIO();
    const sigint = handleSigint(io, () => false);
    sigint();
    await new Promise((r) => setTimeout(r, 350));
    sigint();
    await vi.waitFor(() => expect(codes).toEqual([EXIT.interrupted]), { timeout: 200 });
  });
});

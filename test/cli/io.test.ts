import { describe, expect, it } from 'vitest';
import { testIO } from '../helpers/test-io.js';

describe('IO', () => {
  it('allows colour only with terminals on stdout and stdin, without NO_COLOR, --no-color, CI or TERM=dumb', () => {
    const tty = { stdoutIsTTY: true, stdinIsTTY: true };
    expect(testIO(tty).colorEnabled()).toBe(true);
    expect(testIO({ ...tty, stdoutIsTTY: false }).colorEnabled()).toBe(false);
    expect(testIO({ ...tty, stdinIsTTY: false }).colorEnabled()).toBe(false);
    expect(testIO({ ...tty, env: { NO_COLOR: '1' } }).colorEnabled()).toBe(false);
    // no-color.org: an empty NO_COLOR does not count
    expect(testIO({ ...tty, env: { NO_COLOR: '' } }).colorEnabled()).toBe(true);
    expect(testIO({ ...tty, env: { CI: 'true' } }).colorEnabled()).toBe(false);
    expect(testIO({ ...tty, env: { TERM: 'dumb' } }).colorEnabled()).toBe(false);
    const io = testIO(tty);
    io.setColor(false);
    expect(io.colorEnabled()).toBe(false);
  });

  it('allows prompts only with a terminal on stdin and stdout, outside CI and without --no-input', () => {
    expect(testIO({ stdinIsTTY: true, stdoutIsTTY: true }).canPrompt()).toBe(true);
    expect(testIO({ stdinIsTTY: false, stdoutIsTTY: true }).canPrompt()).toBe(false);
    expect(testIO({ stdinIsTTY: true, stdoutIsTTY: false }).canPrompt()).toBe(false);
    expect(testIO({ stdinIsTTY: true, stdoutIsTTY: true, env: { CI: '1' } }).canPrompt()).toBe(false);
    const io = testIO({ stdinIsTTY: true, stdoutIsTTY: true });
    io.setNoInput(true);
    expect(io.canPrompt()).toBe(false);
  });

  it('shows a spinner only when stdout, stdin and stderr are terminals, outside CI', async () => {
    const all = { stdoutIsTTY: true, stdinIsTTY: true, stderrIsTTY: true };
    const tty = testIO(all);
    (await tty.spinner('working')).update('still');
    expect(tty.spinnerTexts).toEqual(['working', 'still']);
    for (const opts of [
      { ...all, stderrIsTTY: false },
      { ...all, stdoutIsTTY: false },
      { ...all, stdinIsTTY: false },
      { ...all, env: { CI: 'true' } },
    ]) {
      const io = testIO(opts);
      (await io.spinner('working')).update('still');
      expect(io.spinnerTexts, JSON.stringify(opts)).toEqual([]);
    }
  });

  it('notes go to stderr, one line each', async () => {
    const io = testIO();
    io.note('hello');
    io.note('world\n');
    await new Promise((r) => setImmediate(r));
    expect(io.err()).toBe('hello\nworld\n');
    expect(io.out()).toBe('');
  });
});

// The IO layer's messages (notes, warnings, errors, spinner and progress text) show the service's controls
// escaped on a terminal, and leave them as they are for a pipe or a file.
import { describe, expect, it } from 'vitest';
import { testIO } from '../helpers/test-io.js';

const REASON = 'bad \x1b]0;pwned\x07 \u009b2J \u202eZ';
const SHOWN = 'bad \\e]0;pwned\\x07 \\x9b2J \\u202eZ';

describe('messages on stderr', () => {
  it('on a terminal: escaped, ccp’s own line breaks kept', () => {
    const io = testIO({ stderrIsTTY: true });
    io.note(`first ${REASON}\nsecond`);
    io.warn(REASON);
    io.writeErr(`ccp: ${REASON}\n`);
    expect(io.err()).toBe(`first ${SHOWN}\nsecond\n${SHOWN}\nccp: ${SHOWN}\n`);
  });

  it('into a pipe or a file: as they came', () => {
    const io = testIO({ stderrIsTTY: false });
    io.warn(REASON);
    expect(io.err()).toBe(`${REASON}\n`);
  });

  it('a spinner’s and a progress line’s text is escaped, and one line', async () => {
    const io = testIO({ stderrIsTTY: true, stdoutIsTTY: true, stdinIsTTY: true });
    const s = await io.spinner(`Waiting for ${REASON}`);
    s.update(`line\n${REASON}`);
    s.stop();
    const p = await io.progress(REASON);
    p.stop();
    expect(io.spinnerTexts).toEqual([`Waiting for ${SHOWN}`, `line\\n${SHOWN}`, SHOWN]);
  });
});

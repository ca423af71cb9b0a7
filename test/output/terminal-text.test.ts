// The one terminal sanitiser (cli.md "What reaches a terminal"): what it escapes, and that a format's text
// goes through it on a terminal only.
import { describe, expect, it } from 'vitest';
import { planTable } from '../../src/kit/apply/render.js';
import { oneLine, terminalJson, terminalText } from '../../src/output/terminal-text.js';
import { render } from './helpers.js';

// Every kind of character a terminal acts on: C0 (ESC, BEL, CR, LF, TAB, NUL), DEL, C1, bidi.
const NASTY = 'a\x1b[2J\x07\r\n\t\x00\x7f\u009b31m\u0085\u202eZ\u2066b';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const RAW = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminalText', () => {
  it('shows every control escaped and visible, a line break too', () => {
    expect(terminalText(NASTY)).toBe('a\\e[2J\\x07\\r\\n\\t\\x00\\x7f\\x9b31m\\x85\\u202eZ\\u2066b');
  });

  it('shows the bidi marks, the line and paragraph separators and the zero-width characters as \\u escapes', () => {
    const hidden = 'a\u200eb\u200fc\u061cd\u2028e\u2029f\u200bg\u200ch\u200di\u2060j\ufeffk\u2068l';
    const shown = 'a\\u200eb\\u200fc\\u061cd\\u2028e\\u2029f\\u200bg\\u200ch\\u200di\\u2060j\\ufeffk\\u2068l';
    expect(terminalText(hidden)).toBe(shown);
    expect(terminalText(hidden, { keepNewlines: true })).toBe(shown);
    expect(terminalJson(JSON.stringify(hidden))).toBe(`"${shown}"`);
    expect(JSON.parse(terminalJson(JSON.stringify(hidden)))).toBe(hidden);
  });

  it('keeps line breaks when asked (a document of lines), and nothing else', () => {
    expect(terminalText('one\ntwo\x1b[0m', { keepNewlines: true })).toBe('one\ntwo\\e[0m');
  });

  it('leaves text without any as it is, accents and wide characters included', () => {
    const plain = 'Zürich 東京 — ok';
    expect(terminalText(plain)).toBe(plain);
  });
});

describe('oneLine', () => {
  it('shows every kind of line break as an escape, and leaves the rest to the terminal filter', () => {
    expect(oneLine('a\nb\rc\vd\fe\u0085f\u2028g\u2029h\x1b[0m')).toBe(
      'a\\nb\\rc\\x0bd\\x0ce\\x85f\\u2028g\\u2029h\x1b[0m',
    );
  });
});

describe('terminalJson', () => {
  it('escapes what JSON.stringify leaves raw, and the JSON reads back the same', () => {
    const record = { name: NASTY, [`k${NASTY}`]: 1 };
    const text = terminalJson(JSON.stringify(record, null, 2));
    expect(text.replace(/\n/g, '')).not.toMatch(RAW);
    expect(text).toContain('\\u009b31m\\u0085\\u202eZ');
    expect(JSON.parse(text)).toEqual(record);
  });
});

describe('a format on a terminal and into a pipe', () => {
  const records = [{ uuid: `u-${NASTY}`, edgeDeviceName: `n-${NASTY}`, serialNumber: 'SN-1' }];

  it.each(['csv', 'yaml', 'name', 'table', 'json', 'ndjson'] as const)(
    '%s on a terminal sends no control',
    async (format) => {
      const text = await render(records, format, { isTTY: true });
      // A document's own line breaks stay; none of the service's characters is raw.
      expect(text.replace(/\n/g, '')).not.toMatch(RAW);
      expect(text).toMatch(/\\(x9b|u009b)31m/);
    },
  );

  it('the detail view escapes values and keys', async () => {
    const text = await render([{ uuid: 'u1', [`k${NASTY}`]: NASTY }], 'table', { isTTY: true, detail: true });
    expect(text.replace(/\n/g, '')).not.toMatch(RAW);
    expect(text).toContain('\\x9b31m');
  });

  it.each(['csv', 'name'] as const)('%s into a pipe is as the service sent it', async (format) => {
    const text = await render(records, format, { isTTY: false });
    expect(text).toContain(`u-${NASTY}`);
  });
});

describe('a plan', () => {
  it('escapes keys, field names and values, and stays one line a row', async () => {
    const text = await planTable(
      [
        { action: 'disable', key: `SN${NASTY}`, uuid: 'd1', note: 'x' },
        { action: 'update', key: 'SN-2', uuid: 'd2', changes: { [`f${NASTY}`]: { from: NASTY, to: 'b' } } },
      ],
      400,
      'Serial number',
    );
    expect(text.replace(/\n/g, '')).not.toMatch(RAW);
    expect(text).toContain('SNa\\e[2J\\x07\\r\\n');
    // Frame, header, rule, two rows, frame.
    expect(text.trimEnd().split('\n')).toHaveLength(6);
  });
});

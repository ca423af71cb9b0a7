import { describe, expect, it } from 'vitest';
import { plainFileName } from '../../src/api/reports.js';

// Every character of each range, so a range narrowed by one end is caught.
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

describe('plainFileName: which report names from the service are kept', () => {
  it.each([
    'devices report.pdf',
    'edge-devices-20261118-110640.csv',
    'Rapport été.pdf',
    'console.pdf',
    'com10.csv',
    'lpt.json',
    'nul-values.csv',
    'a-b',
    'x -rf',
  ])('keeps %j', (name) => {
    expect(plainFileName(name)).toBe(name);
  });

  it.each([
    ['a leading dash', '-rf'],
    ['a leading dash before an extension', '--help.pdf'],
    ['a leading space', ' x'],
    ['a leading no-break space', '\u00a0x.pdf'],
    ['CON', 'CON'],
    ['con.txt', 'con.txt'],
    ['COM1.csv', 'COM1.csv'],
    ['LPT9', 'LPT9'],
    ['nul with spaces before the extension', 'nul  .pdf'],
    ['aux with a trailing dot', 'AUX.'],
    ['prn', 'prn.json'],
    ['CONIN$', 'CONIN$'],
    ['a superscript port', 'COM\u00b9.csv'],
  ])('refuses %s', (_label, name) => {
    expect(plainFileName(name)).toBeUndefined();
  });

  it.each([
    ['C0', range(0x00, 0x1f)],
    ['DEL', ['\u007f']],
    ['C1 (U+0080 to U+009F)', range(0x80, 0x9f)],
    ['bidirectional embeddings and overrides', range(0x202a, 0x202e)],
    ['bidirectional isolates', range(0x2066, 0x2069)],
    ['bidirectional marks', ['\u200e', '\u200f', '\u061c']],
  ])('refuses a name holding any %s character', (_label, chars) => {
    for (const c of chars) {
      expect(plainFileName(`a${c}gpj.exe`), JSON.stringify(c)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { plainFileName } from '../../src/api/reports.js';
import type { ReportFileType } from '../../src/domain/report.js';
import { terminalText } from '../../src/output/terminal-text.js';

// As report download calls it: the sanitiser's own rule.
const shownAsIs = (text: string) => terminalText(text) === text;
const plain = (name: unknown, type: ReportFileType = 'pdf') => plainFileName(name, type, shownAsIs);

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
    'a-b.pdf',
    'x -rf.pdf',
    'Devices.PDF',
    'licenses.Json',
  ])('keeps %j, asked as the type it ends with', (name) => {
    const type = name.slice(name.lastIndexOf('.') + 1).toLowerCase() as ReportFileType;
    expect(plain(name, type)).toBe(name);
  });

  it.each([
    ['a Makefile', 'Makefile', 'pdf'],
    ['conftest.py', 'conftest.py', 'csv'],
    ['go.mod', 'go.mod', 'json'],
    ['a name without an extension', 'devices', 'pdf'],
    ['another type than asked', 'devices.csv', 'pdf'],
    ['a type within the name only', 'devices.pdf.sh', 'pdf'],
    ['the extension alone', '.pdf', 'pdf'],
  ] as const)('refuses %s', (_label, name, type) => {
    expect(plain(name, type)).toBeUndefined();
  });

  it('refuses what the sanitiser it is given would show escaped', () => {
    expect(plainFileName('ok.pdf', 'pdf', () => false)).toBeUndefined();
    expect(plainFileName('ok.pdf', 'pdf', () => true)).toBe('ok.pdf');
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
    expect(plain(name)).toBeUndefined();
  });

  it.each([
    ['C0', range(0x00, 0x1f)],
    ['DEL', ['\u007f']],
    ['C1 (U+0080 to U+009F)', range(0x80, 0x9f)],
    ['bidirectional embeddings and overrides', range(0x202a, 0x202e)],
    ['bidirectional isolates', range(0x2066, 0x2069)],
    ['bidirectional marks', ['\u200e', '\u200f', '\u061c']],
    ['zero-width space, joiners and marks (U+200B to U+200F)', range(0x200b, 0x200f)],
    ['line and paragraph separators', ['\u2028', '\u2029']],
    ['word joiner and invisible operators (U+2060 to U+2064)', range(0x2060, 0x2064)],
    ['byte-order mark, soft hyphen, Mongolian vowel separator', ['\ufeff', '\u00ad', '\u180e']],
  ])('refuses a name holding any %s character', (_label, chars) => {
    for (const c of chars) {
      expect(plain(`a${c}gpj.pdf`), JSON.stringify(c)).toBeUndefined();
    }
  });
});

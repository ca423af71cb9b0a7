import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  fitColumnWidths,
  pdfSafeText,
  truncateToWidth,
} from '../../../src/server/reports/pdf-layout.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
// Ten units per character keeps the arithmetic readable.
const measure = (s: string) => s.length * 10;

describe('fitColumnWidths', () => {
  it('shares the spare room equally when the natural widths fit', () => {
    expect(fitColumnWidths([100, 300], 800)).toEqual([300, 500]);
  });

  it('keeps narrow columns whole and gives what is left to the wide ones', () => {
    const widths = fitColumnWidths([40, 160, 900, 60], 600);
    expect(sum(widths)).toBeCloseTo(600);
    expect(widths[0]).toBe(40);
    expect(widths[3]).toBe(60);
    expect(widths[1]).toBe(160);
    expect(widths[2]).toBeCloseTo(340);
  });

  it('splits equally between wide columns when no minimum can be kept', () => {
    const widths = fitColumnWidths([500, 500, 500], 600);
    expect(widths).toEqual([200, 200, 200]);
  });

  it('leaves every wider column at least the minimum width', () => {
    const widths = fitColumnWidths([150, 160, 170, 1000], 500, 72);
    expect(sum(widths)).toBeCloseTo(500);
    for (const w of widths) expect(w).toBeGreaterThanOrEqual(72);
    expect(widths[0]).toBe(150);
  });

  it('handles no columns and all-empty columns', () => {
    expect(fitColumnWidths([], 500)).toEqual([]);
    expect(fitColumnWidths([0, 0], 500)).toEqual([250, 250]);
  });
});

describe('truncateToWidth', () => {
  it('returns text that fits unchanged', () => {
    expect(truncateToWidth('abcde', 50, measure)).toBe('abcde');
  });

  it('cuts to the longest prefix that fits with an ellipsis, without a trailing space', () => {
    expect(truncateToWidth('abcdefgh', 50, measure)).toBe(`abcd${ELLIPSIS}`);
    expect(truncateToWidth('ab cdefgh', 40, measure)).toBe(`ab${ELLIPSIS}`);
  });

  it('gives an ellipsis alone or nothing when the room is tiny', () => {
    expect(truncateToWidth('abcdefgh', 12, measure)).toBe(ELLIPSIS);
    expect(truncateToWidth('abcdefgh', 5, measure)).toBe('');
  });
});

describe('pdfSafeText', () => {
  it('folds whitespace and line breaks into single spaces', () => {
    expect(pdfSafeText('  a\r\n b\t\tc  ')).toBe('a b c');
  });

  it('keeps WinAnsi characters, strips accents it lacks and replaces the rest with "?"', () => {
    expect(pdfSafeText('café € “x” – ™')).toBe('café € “x” – ™');
    expect(pdfSafeText('Łódź Ōsaka')).toBe('?ódz Osaka');
    expect(pdfSafeText('日本 😀')).toBe('?? ?');
  });
});

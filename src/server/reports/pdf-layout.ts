// Text and column layout for the pdf report: pure functions over a width measure, so they test without pdfkit.

export type Measure = (text: string) => number;

export const ELLIPSIS = '\u2026';

// The standard PDF fonts are WinAnsi encoded: Latin-1 plus these characters in 0x80-0x9F. pdfkit writes any
// other character as a broken code, so text is reduced to this set before it is drawn.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const COMBINING_MARKS = /\p{M}/gu;

/** True when the standard fonts can draw `ch`. */
export function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** One line of drawable text: whitespace runs become one space; letters outside WinAnsi lose their accents or become '?'. */
export function pdfSafeText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (PRINTABLE_ASCII.test(line)) return line;
  let out = '';
  for (const ch of line) {
    if (isWinAnsi(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFKD').replace(COMBINING_MARKS, '');
    out += base !== '' && [...base].every(isWinAnsi) ? base : '?';
  }
  return out;
}

/** The longest prefix of `text` that, followed by an ellipsis, fits in `maxWidth`; `text` itself when it fits. */
export function truncateToWidth(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text;
  if (measure(ELLIPSIS) > maxWidth) return '';
  let lo = 0;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}${ELLIPSIS}`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}${ELLIPSIS}`;
}

/**
 * Column widths that add up to `available`. When the natural widths fit, the spare room is shared equally,
 * which keeps short columns from looking cramped beside a long one. Otherwise columns are served narrowest first: each keeps its natural width while that leaves
 * every wider column at least `minWidth` (or an equal share of what is left), and the rest split the
 * remainder equally. Identifiers and dates then print whole and long free text gives way.
 */
export function fitColumnWidths(natural: number[], available: number, minWidth = 72): number[] {
  if (natural.length === 0) return [];
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) {
    const spare = (available - total) / natural.length;
    return natural.map((w) => w + spare);
  }
  const order = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  const widths = new Array<number>(natural.length);
  let remaining = available;
  for (let k = 0; k < order.length; k++) {
    const [w, i] = order[k]!;
    const rest = order.length - k - 1;
    const share = remaining / (rest + 1);
    if (w <= Math.max(share, remaining - rest * minWidth)) {
      widths[i] = w;
      remaining -= w;
    } else {
      for (const [, j] of order.slice(k)) widths[j] = share;
      break;
    }
  }
  return widths;
}

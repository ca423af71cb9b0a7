/** Border and padding cli-table3 adds: one space each side of a cell, one rule between and around columns. */
export function tableOverhead(columns: number): number {
  return 3 * columns + 1;
}

const MIN_COLUMN = 3;

// Combining marks (variation selectors among them) and the Unicode format characters (ZWJ, ZWSP...).
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

// East Asian wide and fullwidth characters, as terminals (and cli-table3) count them.
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    code === 0x2329 ||
    code === 0x232a ||
    (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
    (code >= 0x3250 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0xa4c6) ||
    (code >= 0xa960 && code <= 0xa97c) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6b) ||
    (code >= 0xff01 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1b000 && code <= 0x1b001) ||
    (code >= 0x1f200 && code <= 0x1f251) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function charWidth(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x7f) return code < 0x20 ? 0 : 1;
  if (ZERO_WIDTH.test(char)) return 0;
  return isWide(code) || PICTOGRAPH.test(char) ? 2 : 1;
}

// Printable ASCII only: one column a character, told by one regular expression run in native code. Help,
// notes and most cells are all ASCII, and walking them a character at a time (charWidth) was most of what
// fitting `--help` cost (docs/performance.md).
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Terminal columns a (colourless) text takes. */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let n = 0;
  for (const char of text) n += charWidth(char);
  return n;
}

/**
 * Content widths that fit a table into `width` terminal columns. Columns marked in `keep` (identifiers a
 * user copies into the next command) always stay whole; the widest of the others shrink first, down to a
 * common cap, and whatever room is left goes back to them one column at a time.
 */
export function fitWidths(
  natural: readonly number[],
  width: number,
  keep: readonly boolean[] = [],
): number[] {
  if (!Number.isFinite(width) || width <= 0) return [...natural];
  if (keep.some(Boolean)) {
    const kept = natural.reduce((sum, w, i) => sum + (keep[i] ? w : 0), 0);
    const others = natural.filter((_, i) => !keep[i]);
    const room = width - tableOverhead(natural.length) - kept;
    // Kept columns are never cut: when the others cannot fit even at their narrowest, the table overflows.
    const fitted =
      room >= others.length * MIN_COLUMN ? shrink(others, room) : others.map((w) => Math.min(w, MIN_COLUMN));
    let next = 0;
    return natural.map((w, i) => (keep[i] ? w : fitted[next++]!));
  }
  return shrink(natural, width - tableOverhead(natural.length));
}

function shrink(natural: readonly number[], budget: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= budget) return [...natural];
  const used = (cap: number) => natural.reduce((sum, w) => sum + Math.min(w, cap), 0);
  let low = MIN_COLUMN;
  let high = Math.max(...natural);
  if (used(low) > budget) return natural.map((w) => Math.min(w, MIN_COLUMN));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (used(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  let spare = budget - used(low);
  return natural.map((w) => {
    if (w <= low) return w;
    if (spare > 0) {
      spare--;
      return low + 1;
    }
    return low;
  });
}

/** Cuts text to `width` terminal columns, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    kept += char;
    used += w;
  }
  return `${kept}…`;
}

/** Pads text with spaces to `width` terminal columns. */
export function padEnd(text: string, width: number): string {
  const missing = width - textWidth(text);
  return missing > 0 ? text + ' '.repeat(missing) : text;
}

/**
 * Text folded at spaces into lines of at most `width` terminal columns, the later ones indented two spaces
 * more than the first; a word longer than a line is broken where the line ends.
 */
export function wrapWords(text: string, width: number): string {
  if (!Number.isFinite(width) || width <= 0 || textWidth(text) <= width) return text;
  const lead = /^ */.exec(text)![0];
  const hang = `${lead}  `;
  const lines: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    const start = lines.length > 0 ? hang : lead;
    const joined = line === start ? `${start}${word}` : `${line} ${word}`;
    if (textWidth(joined) <= width || line === start) {
      line = joined;
    } else {
      lines.push(line);
      line = `${hang}${word}`;
    }
    // A word wider than a whole line (a long path) breaks where the line ends.
    while (textWidth(line) > width && textWidth(hang) < width - 1) {
      const [head, rest] = splitAt(line, width);
      lines.push(head);
      line = `${hang}${rest}`;
    }
  }
  lines.push(line);
  return lines.join('\n');
}

function splitAt(text: string, width: number): [string, string] {
  let used = 0;
  let at = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width) break;
    used += w;
    at += char.length;
  }
  return [text.slice(0, at), text.slice(at)];
}

/**
 * A line folded at spaces only (a uuid, a serial number or a path is never cut) into lines of at most
 * `width` columns, the later ones starting with `hang`; a word wider than a line stays whole on its own.
 * `more`: what ends every line but the last (` \` keeps a shell command one command).
 */
export function foldLine(line: string, width: number, hang: string, more = ''): string[] {
  if (!Number.isFinite(width) || width <= 0 || textWidth(line) <= width) return [line];
  const lead = /^ */.exec(line)![0];
  const lines: string[] = [];
  let current = lead;
  // Words with the spaces before each, so a line's own alignment (a help item's columns) is kept; a shell
  // command (`more`) is broken only outside quotes.
  for (const [, gap = '', word = ''] of words(line.slice(lead.length), more !== '')) {
    const start = lines.length > 0 ? hang : lead;
    const joined = current === start ? `${start}${word}` : `${current}${gap}${word}`;
    if (current === start || textWidth(joined) + textWidth(more) <= width) current = joined;
    else {
      lines.push(`${current}${more}`);
      current = `${hang}${word}`;
    }
  }
  lines.push(current);
  return lines;
}

/** [match, the spaces before, the word] of each word; `quoted`: a quoted part with its spaces is one word. */
function words(text: string, quoted: boolean): Iterable<[string, string, string]> {
  // A command substitution ("$(...)") may go on after ` \` inside its quotes; a quoted text may not.
  const pattern = quoted ? /( *)((?:"(?!\$\()[^"]*"?|'[^']*'?|"|[^\s"']+)+)/g : /( *)(\S+)/g;
  return text.matchAll(pattern) as Iterable<[string, string, string]>;
}

/**
 * ccp's own text (help, errors, notes) fitted to `width` columns at word boundaries: a help item's
 * description goes on under itself, a `$ ccp ...` example goes on after ` \`, any other line under its
 * first word, two spaces in.
 */
export function fitText(text: string, width: number): string {
  if (!Number.isFinite(width) || width <= 0) return text;
  return (
    text
      .split('\n')
      .flatMap((line) => {
        if (textWidth(line) <= width) return [line];
        const lead = /^ */.exec(line)![0];
        if (line.startsWith(`${lead}$ `)) return foldLine(line, width, `${lead}    `, ' \\');
        // `  term   description`: the description's column, while it leaves room to read.
        const item = /^( *\S.*?\S {2,})\S/.exec(line);
        const column = item ? textWidth(item[1]!) : 0;
        const longest = Math.max(...line.split(' ').map(textWidth));
        const under = item && column <= width - 30 && column + longest <= width;
        const hang = under ? ' '.repeat(column) : `${lead}  `;
        return foldLine(line, width, hang);
      })
      // A word too long for its indentation (a path under a description's column) moves left to fit.
      .map((line) => {
        const over = textWidth(line) - width;
        const lead = /^ */.exec(line)![0].length;
        return over > 0 && lead > 0 ? line.slice(Math.min(lead, over)) : line;
      })
      .join('\n')
  );
}

import { tableOverhead } from './fit.js';

/** How one column may give way on a narrow terminal. */
export interface ColumnFit {
  /** 0: left out only when even cut it cannot fit; on a narrow terminal the highest goes first. */
  priority: number;
  /** An identifier a user copies into the next command: never cut, left out only as a last resort. */
  whole: boolean;
  /** Free text, cut with `…` down to `floor` columns before it is left out; otherwise shown whole or not at all. */
  cut: boolean;
  /** A yes/no column or a timestamp: left out before any free text is cut. */
  early?: boolean;
}

/** The narrowest a column that may be cut is cut to before it is left out instead. */
export const CUT_FLOOR = 8;

export interface Layout {
  /** Indexes of the columns shown, in order. */
  kept: number[];
  /** Content width of each shown column. */
  widths: number[];
  /** Indexes of the columns left out, and of those shown cut. */
  dropped: number[];
  cut: number[];
}

/**
 * The columns that fit `width` terminal columns, and their widths. The name (free text of priority 0) is
 * kept whole while anything else can go: while the table overflows with the name whole and other free text
 * cut to its floor, the column of highest priority (the rightmost among equals) is left out, yes/no columns
 * and timestamps first (views.ts ranks them so). Only when the identifiers and the name alone would not fit
 * is the name cut, then left out, then identifiers from the right (the first stays, even alone too wide). A
 * column left out goes back when it fits beside the name whole. What is left is shared by the columns that
 * may be cut, the other free text before the name.
 */
export function layoutColumns(
  columns: readonly ColumnFit[],
  natural: readonly number[],
  width: number,
): Layout {
  const all = columns.map((_, i) => i);
  if (!Number.isFinite(width) || width <= 0) return { kept: all, widths: [...natural], dropped: [], cut: [] };
  const isName = (i: number) => columns[i]!.cut && columns[i]!.priority === 0 && !columns[i]!.whole;
  // What may be cut: nothing (yes/no columns and timestamps go first), the free text but the name, or all.
  type Cutting = 'none' | 'text' | 'all';
  let cutting: Cutting = 'none';
  const floor = (i: number, c: Cutting = cutting) =>
    columns[i]!.cut && (c === 'all' || (c === 'text' && !isName(i)))
      ? Math.min(natural[i]!, CUT_FLOOR)
      : natural[i]!;
  const total = (set: readonly number[], c: Cutting = cutting) =>
    set.reduce((sum, i) => sum + floor(i, c), 0) + tableOverhead(set.length);
  // Least useful first: any droppable column by priority, then the name, then identifiers.
  const rank = (i: number) => {
    const c = columns[i]!;
    return c.priority > 0 ? 2 + c.priority : c.whole ? 0 : 1;
  };
  const kept = [...all];
  const dropWhile = (may: (i: number) => boolean) => {
    while (total(kept) > width && kept.length > 1) {
      let drop = -1;
      for (const [at, i] of kept.entries()) {
        if (!may(i) || (at === 0 && columns[i]!.whole)) continue;
        if (drop < 0 || rank(i) >= rank(kept[drop]!)) drop = at;
      }
      if (drop < 0) return;
      kept.splice(drop, 1);
    }
  };
  dropWhile((i) => columns[i]!.early === true);
  if (total(kept) > width) {
    cutting = 'text';
    dropWhile((i) => columns[i]!.priority > 0);
  }
  if (total(kept) > width) {
    cutting = 'all';
    dropWhile(() => true);
  }
  // A column left out early may fit once a wider one went, beside the name whole (and a yes/no column or a
  // timestamp beside all free text whole): the most useful first.
  const out = all.filter((i) => !kept.includes(i)).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const i of out) {
    const tried = [...kept, i].sort((a, b) => a - b);
    if (total(tried, columns[i]!.early ? 'none' : 'text') <= width) kept.splice(0, kept.length, ...tried);
  }
  const room = width - tableOverhead(kept.length);
  // The other free text gives way first; the name only for what is still missing.
  const widths = shareRoom(
    kept.map((i) => natural[i]!),
    kept.map((i) => floor(i, 'text')),
    room,
  );
  const used = widths.reduce((a, b) => a + b, 0);
  if (used > room) {
    const short = kept.map((i, at) => (isName(i) ? Math.min(natural[i]!, CUT_FLOOR) : widths[at]!));
    const names = kept.map((i) => (isName(i) ? natural[i]! : 0));
    const spare = room - short.reduce((a, b) => a + b, 0);
    for (const [at, i] of kept.entries()) {
      if (!isName(i)) continue;
      widths[at] = Math.max(short[at]!, Math.min(names[at]!, short[at]! + Math.max(0, spare)));
    }
  }
  return {
    kept,
    widths,
    dropped: all.filter((i) => !kept.includes(i)),
    cut: kept.filter((i, at) => widths[at]! < natural[i]!),
  };
}

/**
 * Widths within `budget` where no column goes below its floor (a column that may not be cut has its natural
 * width as floor): the widest are cut first, to a common cap, and what is left goes back one column at a time.
 */
function shareRoom(natural: readonly number[], floor: readonly number[], budget: number): number[] {
  const used = (cap: number) => natural.reduce((sum, w, i) => sum + Math.min(w, Math.max(floor[i]!, cap)), 0);
  if (used(Math.max(...natural, 0)) <= budget) return [...natural];
  if (used(0) >= budget) return natural.map((w, i) => Math.min(w, floor[i]!));
  let low = 0;
  let high = Math.max(...natural);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (used(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  let spare = budget - used(low);
  return natural.map((w, i) => {
    const at = Math.min(w, Math.max(floor[i]!, low));
    if (at < w && spare > 0) {
      spare--;
      return at + 1;
    }
    return at;
  });
}

import { tableOverhead } from './fit.js';

/** How one column may give way on a narrow terminal. */
export interface ColumnFit {
  /** 0: left out only when even cut it cannot fit; on a narrow terminal the highest goes first. */
  priority: number;
  /** An identifier a user copies into the next command: never cut, left out only as a last resort. */
  whole: boolean;
  /** Free text, cut with `…` down to `floor` columns before it is left out; otherwise shown whole or not at all. */
  cut: boolean;
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
 * The columns that fit `width` terminal columns, and their widths. While the narrowest form of the table
 * overflows, the column of highest priority (the rightmost among equals) is left out, then free text of
 * priority 0, then identifiers from the right (the first stays, even alone too wide); a column left out
 * goes back when, another gone, it fits again. What is left is shared by the columns that may be cut.
 */
export function layoutColumns(
  columns: readonly ColumnFit[],
  natural: readonly number[],
  width: number,
): Layout {
  const all = columns.map((_, i) => i);
  if (!Number.isFinite(width) || width <= 0) return { kept: all, widths: [...natural], dropped: [], cut: [] };
  const least = (i: number) => (columns[i]!.cut ? Math.min(natural[i]!, CUT_FLOOR) : natural[i]!);
  const total = (set: readonly number[]) =>
    set.reduce((sum, i) => sum + least(i), 0) + tableOverhead(set.length);
  // Least useful first: any droppable column by priority, then free text that must stay, then identifiers.
  const rank = (i: number) => {
    const c = columns[i]!;
    return c.priority > 0 ? 2 + c.priority : c.whole ? 0 : 1;
  };
  const kept = [...all];
  while (total(kept) > width && kept.length > 1) {
    let drop = -1;
    for (const [at, i] of kept.entries()) {
      if (at === 0 && columns[i]!.whole) continue;
      if (drop < 0 || rank(i) >= rank(kept[drop]!)) drop = at;
    }
    if (drop < 0) break;
    kept.splice(drop, 1);
  }
  // A column left out early may fit once a wider one went: the most useful come back first.
  const out = all.filter((i) => !kept.includes(i)).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const i of out) {
    const tried = [...kept, i].sort((a, b) => a - b);
    if (total(tried) <= width) kept.splice(0, kept.length, ...tried);
  }
  const widths = shareRoom(
    kept.map((i) => natural[i]!),
    kept.map((i) => (columns[i]!.cut ? least(i) : natural[i]!)),
    width - tableOverhead(kept.length),
  );
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

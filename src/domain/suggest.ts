// "did you mean": the values closest to one not found, as a mistyped command is offered the closest command.

/** Optimal string alignment distance (a swap of two neighbours counts one), or max + 1 once past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

const SHOWN = 3;

/**
 * Keeps, of the values it is shown, those closest to `wanted`: within a fifth of its length (one edit at
 * least), or starting with it; those of the least distance, a handful at most. Holds no more than it shows.
 */
export class Closest {
  private readonly max: number;
  private readonly wanted: string;
  private best: { value: string; distance: number }[] = [];

  /** `caseless`: compared whatever their case (names, zones), each offered as it is written. */
  constructor(
    wanted: string,
    private readonly opts: { caseless?: boolean } = {},
  ) {
    this.wanted = opts.caseless ? wanted.toLowerCase() : wanted;
    this.max = Math.max(1, Math.floor(wanted.length / 5));
  }

  consider(value: string | null | undefined): void {
    if (!value || this.best.some((b) => b.value === value)) return;
    const compared = this.opts.caseless ? value.toLowerCase() : value;
    if (compared === this.wanted && !this.opts.caseless) return;
    let distance = editDistance(this.wanted, compared, this.max);
    // A key cut short (SN-10 for SN-1001) is offered what it starts, after the near typos.
    if (distance > this.max && this.wanted.length >= 3 && compared.startsWith(this.wanted))
      distance = this.max + (compared.length - this.wanted.length) / 1000;
    if (distance > this.max + 0.5) return;
    const last = this.best[this.best.length - 1];
    if (this.best.length >= SHOWN && last && distance >= last.distance) return;
    this.best.push({ value, distance });
    this.best.sort((x, y) => x.distance - y.distance || (x.value < y.value ? -1 : 1));
    this.best.length = Math.min(this.best.length, SHOWN);
  }

  values(): string[] {
    const least = this.best[0]?.distance;
    return this.best.filter((b) => b.distance === least).map((b) => b.value);
  }
}

/** ` (did you mean A, B or C?)` for the values offered, or nothing. */
export function didYouMean(values: readonly string[]): string {
  if (values.length === 0) return '';
  const list =
    values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
  return ` (did you mean ${list}?)`;
}

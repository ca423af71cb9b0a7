/** Maps offsets in a text (or buffer) to 1-based line numbers; built once, queried in O(log n). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string | Uint8Array) {
    if (typeof text === 'string') {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    } else {
      for (let i = text.indexOf(0x0a); i !== -1; i = text.indexOf(0x0a, i + 1)) this.starts.push(i + 1);
    }
  }

  /** The line holding the character at `offset`. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** The offset just past line `line` (its line break included), or the end of the text. */
  endOf(line: number, length: number): number {
    return this.starts[line] ?? length;
  }
}

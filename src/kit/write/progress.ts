// Progress of a long write on stderr, and the rows a person should look at.
import type { IO, Spinner } from '../io.js';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** A bar on a terminal (outside CI), nothing otherwise. */
export async function progressBar(io: IO, total: number, noun: string): Promise<Progress> {
  if (!io.stderrIsTTY || total <= 0) return { update() {}, stop() {} };
  const text = (done: number) => {
    const width = 24;
    const filled = Math.round((done / total) * width);
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total} ${noun}`;
  };
  const spinner: Spinner = await io.spinner(text(0));
  return { update: (done) => spinner.update(text(done)), stop: () => spinner.stop() };
}

/** `2-101, 150, 160-170`: the lines of some rows, for a person to find them. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const start = sorted[i]!;
    let end = start;
    while (i + 1 < sorted.length && sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(start === end ? String(start) : `${start}-${end}`);
    i++;
  }
  return parts.join(', ');
}

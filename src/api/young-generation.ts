// V8's young generation during a walk of many pages. V8 grows it while objects survive its scavenges, up
// to tens of MB (64 MB a half on Node 24); a walk streams pages through, and at that size every scavenge
// touched memory afresh. Kept at its starting size (1 MB, 0.5 MB on Node 26), it was scavenged some 340
// times in a 100,000-device export. Held once it reaches a few pages' worth, it is scavenged some 40 to 60
// times: on Node 24 that export (against `ccp server start`, into a pipe) took 1.19-1.37 s against 1.29-1.63
// s at the starting size, and 1.43-1.57 s grown as V8 grows it.
import type * as V8 from 'node:v8';

/** The new space's size (both halves) at which growing stops. */
const HOLD_AT = 12 * 1024 * 1024;

let held = false;

/** Called after each page of a walk: once the young generation is HOLD_AT, V8 grows it no more. */
export function holdYoungGeneration(): void {
  if (held) return;
  const v8 = process.getBuiltinModule('node:v8') as typeof V8;
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (!space || space.space_size < HOLD_AT) return;
  // Process-wide, read by V8 at each growth: the flag is not frozen once node has started.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  held = true;
}

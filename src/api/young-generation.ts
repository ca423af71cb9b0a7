// V8's heap during a walk of many pages, which streams pages through and keeps little.
//
// The young generation: V8 grows it while objects survive its scavenges, up to tens of MB (64 MB a half on
// Node 24); at that size every scavenge touched memory afresh. Kept at its starting size (1 MB, 0.5 MB on
// Node 26), it was scavenged some 340 times in a 100,000-device export. Held once it reaches a few pages'
// worth, it is scavenged some 40 to 60 times: on Node 24 that export (against `ccp server start`, into a
// pipe) took 1.19-1.37 s against 1.29-1.63 s at the starting size, and 1.43-1.57 s grown as V8 grows it.
//
// The old generation: what a walk promotes there is mostly pages already written. V8 lets it grow to up to 4
// times what survived the last full collection before the next one (8-11 MB live, 27-38 MB reached in a
// 100,000-device export, so the peak memory grew with the listing). At 1.5 times, it peaks at about 20 MB,
// for some 6 full collections of 5 ms: the export's peak RSS over the 10,000-device one's went from 1.34-1.50
// to 1.17-1.19 on Node 20 to 26.
import type * as V8 from 'node:v8';

/** The new space's size (both halves) at which growing stops. */
const HOLD_AT = 12 * 1024 * 1024;
/** How far the old generation may grow over what survived a full collection before the next one. */
const OLD_GROWTH_PERCENT = 50;

let walking = false;
let held = false;

/** Called after each page of a walk: sets the old generation's growth, and holds the young one at HOLD_AT. */
export function tuneHeapForWalk(): void {
  if (held) return;
  const v8 = process.getBuiltinModule('node:v8') as typeof V8;
  // Process-wide, read by V8 at each growth: the flags are not frozen once node has started.
  if (!walking) {
    v8.setFlagsFromString(`--heap-growing-percent=${OLD_GROWTH_PERCENT}`);
    walking = true;
  }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (!space || space.space_size < HOLD_AT) return;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  held = true;
}

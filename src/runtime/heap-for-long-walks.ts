// V8's heap for a command that streams many pages through and keeps little (a long listing, an export).
//
// The young generation: V8 grows it while objects survive its scavenges, and at its largest every
// scavenge touches memory afresh. Held once it reaches a few pages' worth, it is scavenged often enough
// to stay warm, and seldom enough to cost little.
// The old generation: what a walk promotes there is mostly pages already written, and V8 lets it grow to
// several times what survived the last full collection before the next one, so the peak memory grew with
// the listing. A smaller growth step keeps it flat.
// docs/performance.md gives what each buys. Switched on by the running process's IO (src/cli/system-io.ts)
// when a listing is about to follow pages (--all, --limit).
import type * as PerfHooks from 'node:perf_hooks';
import type * as V8 from 'node:v8';

/** The new space's size (both halves) at which the young generation stops growing. */
const HOLD_AT = 12 * 1024 * 1024;
/** How far the old generation may grow over what survived a full collection before the next one. */
const OLD_GROWTH_PERCENT = 50;

/**
 * Watches V8's collections; once the young generation has grown to HOLD_AT (which only a command handling
 * many records reaches), holds it there and sets the old generation's growth step. Process-wide flags,
 * which V8 reads at each growth; node:v8 loads after a first collection only.
 */
export function holdHeapForLongWalks(): void {
  const { PerformanceObserver } = process.getBuiltinModule('node:perf_hooks') as typeof PerfHooks;
  const observer = new PerformanceObserver(() => {
    const v8 = process.getBuiltinModule('node:v8') as typeof V8;
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (!space || space.space_size < HOLD_AT) return;
    v8.setFlagsFromString(`--heap-growing-percent=${OLD_GROWTH_PERCENT}`);
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}

// `ccp __complete <kind> <words...>`: what the generated scripts run for a value they cannot know in advance
// (the way cobra's __complete serves kubectl and gh). The last word is the one being completed; the words
// before it choose the target as the command would. It prints `value<TAB>description` lines and exits 0,
// whatever happens: it never prompts, never writes to stderr, and ends within a second of the process's start.
import { existsSync, readFileSync } from 'node:fs';
import type { ResolvedConfig } from '../../config/index.js';
import { terminalText } from '../../output/terminal-text.js';
import { type CachedValues, cachePath, readCache, writeCache } from './cache.js';
import { type Candidate, isLiveKind, isTargetKind, type LiveKind, type TargetKind } from './live-kinds.js';
import { targetFlags, targetKey } from './target.js';

/** Reading stops this long after the process started, to leave time to print and exit within a second. */
const BUDGET_MS = 800;
/** Whatever is still running then (a name lookup, a helper) is given up: the process ends with nothing. */
const HARD_STOP_MS = 950;
/** Values offered at most: a shell lists them all. */
const LIMIT = 1000;

// Values go into the command line unquoted: plain words only (a device without one still has its uuid).
const PLAIN_VALUE = /^[A-Za-z0-9_.@+%,=/-]+$/;

/** A description as text the terminal shows, never acts on (a device's name is the service's text). */
function visible(text: string): string {
  return terminalText(text).slice(0, 200);
}

interface Budget {
  deadline: number;
  hardStop: number;
}

function budget(env: NodeJS.ProcessEnv): Budget {
  // Tests of what is offered set a longer budget, so a loaded machine's slow start cannot empty the answer.
  const scale = Number(env.CCP_COMPLETE_BUDGET_MS) / 1000;
  const k = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return { deadline: BUDGET_MS * k, hardStop: HARD_STOP_MS * k };
}

async function resolveTarget(words: string[], env: NodeJS.ProcessEnv): Promise<ResolvedConfig> {
  const { resolveConfig } = await import('../../config/index.js');
  return resolveConfig(targetFlags(words), env);
}

async function targetValues(
  kind: TargetKind,
  words: string[],
  word: string,
  env: NodeJS.ProcessEnv,
  b: Budget,
): Promise<Candidate[]> {
  const cfg = await resolveTarget(words, env);
  const { cacheDir } = await import('../../config/index.js');
  const dir = cacheDir(env);
  const file = cachePath(dir, targetKey(cfg), kind);
  const cached = readCache(file, word, Date.now());
  if (cached) return cached.items;

  let read: CachedValues & { reached: boolean };
  if (!cfg.baseUrl) {
    // A completion creates no database: the command completed would, and seed it.
    if (!existsSync(cfg.db)) return [];
    const { readStoredValues } = await import('../../server/completion-values.js');
    const stored = readStoredValues(cfg.db, kind, word, LIMIT, b.deadline);
    read = { prefix: word, complete: stored.complete, items: toCandidates(stored.items), reached: true };
  } else {
    const { readRemoteValues } = await import('./remote.js');
    const signal = AbortSignal.timeout(Math.max(0, Math.floor(b.deadline - performance.now())));
    const remote = await readRemoteValues(cfg, kind, word, LIMIT, env, signal);
    read = {
      prefix: word,
      complete: remote.complete,
      items: toCandidates(remote.items),
      reached: remote.reached,
    };
  }
  if (read.reached)
    writeCache(dir, file, { prefix: read.prefix, complete: read.complete, items: read.items }, Date.now());
  return read.items;
}

/**
 * The zones of the system's tz database: ICU's list keeps some old names only (Asia/Calcutta, not
 * Asia/Kolkata), and both are names the runtime accepts.
 */
function tzdataZones(): string[] {
  try {
    return readFileSync('/usr/share/zoneinfo/zone1970.tab', 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t')[2] ?? '')
      .filter((z) => z && supportedZone(z));
  } catch {
    return [];
  }
}

function supportedZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function toCandidates(items: [string, string][]): Candidate[] {
  return items.map(([value, description]) => ({ value, description }));
}

async function localValues(
  kind: Exclude<LiveKind, TargetKind>,
  words: string[],
  env: NodeJS.ProcessEnv,
): Promise<Candidate[]> {
  if (kind === 'zone') {
    const zones = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), ...tzdataZones()])];
    return zones.sort().map((value) => ({ value, description: '' }));
  }
  const { ConfigFile } = await import('../../config/index.js');
  const store = await ConfigFile.read(env);
  const current = targetFlags(words).profile ?? env.CCP_PROFILE ?? store.currentProfile();
  return store.profileNames().map((value) => ({ value, description: value === current ? 'current' : '' }));
}

/** The candidates for `kind` given the words typed (the last is the one completed), filtered by its prefix. */
export async function completeValues(
  kind: string,
  words: string[],
  env: NodeJS.ProcessEnv,
  b = budget(env),
): Promise<Candidate[]> {
  if (!isLiveKind(kind)) return [];
  const before = words.slice(0, -1);
  const word = words.at(-1) ?? '';
  let found: Candidate[];
  try {
    found = isTargetKind(kind)
      ? await targetValues(kind, before, word, env, b)
      : await localValues(kind, before, env);
  } catch {
    // A configuration that cannot be read, a database that cannot be opened: nothing to offer.
    return [];
  }
  // A value that starts with `-` would be read as an option (`--db=evil.db`): never offered.
  return found.filter(
    (c) => c.value.startsWith(word) && !c.value.startsWith('-') && PLAIN_VALUE.test(c.value),
  );
}

function finish(text: string): void {
  const exit = () => process.exit(0);
  process.stdout.on('error', exit);
  process.stdout.write(text, exit);
}

/** The process's whole work for `ccp __complete`: prints the candidates, exits 0. */
export async function completeMain(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const b = budget(env);
  setTimeout(() => finish(''), Math.max(0, b.hardStop - performance.now()));
  const [kind = '', ...words] = args;
  const found = await completeValues(kind, words, env, b);
  finish(found.map((c) => `${c.value}\t${visible(c.description)}\n`).join(''));
}

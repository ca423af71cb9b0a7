import { licenseStateRequest } from '../../api/licenses.js';
import type { LicenseAction, LicenseRecord } from '../../domain/index.js';
import { parseTimestamp } from '../../domain/instant.js';
import type { TwinLookup } from '../../domain/lookup.js';
import { isUuid } from '../../kit/args.js';
import { findEach } from '../../kit/listing-get.js';
import { writeRecords } from '../../kit/printing.js';
import type { Prompter } from '../../kit/prompter.js';
import { sendAndPrint, type WriteDeps, type WriteOutput } from '../../kit/write/send.js';
import { shortTime } from '../../output/cells.js';
import { LICENSE_TARGET, licenseKey } from './lookup.js';
import { licenseSummary } from './view.js';

export { licenseSummary } from './view.js';

export interface LicenseActionOptions extends WriteOutput {
  /** What the user holds: the license key, its serial number, or the license record's uuid. */
  key: string;
  action: LicenseAction;
  /** --yes: no question before deactivating, nor before activating a license whose term has ended. */
  yes: boolean;
}

/** What a license verb runs with besides the write's own: the prompter, the clock and the twin's lookups. */
export interface LicenseActionDeps extends WriteDeps {
  prompter: Prompter;
  now: () => number;
  twin: () => Promise<TwinLookup | undefined>;
}

/**
 * Whether a license already is in the state `action` leaves it in, as the service decides it (decisions.md):
 * active and ACTIVE, or inactive and INACTIVE (an EXPIRED license deactivated still changes its status).
 */
export function alreadyIn(record: LicenseRecord, action: LicenseAction): boolean {
  const license = record.licenseDetails?.license;
  const active = license?.active ?? record.licenseDetails?.active;
  const status = license?.status?.toUpperCase();
  return action === 'activate'
    ? active === true && status === 'ACTIVE'
    : active === false && status === 'INACTIVE';
}

/** When the license's term ended (its licenseTo, in ms), if it has ended by `now`. */
export function termEnded(record: LicenseRecord, now: number): number | undefined {
  const to = parseTimestamp(record.licenseDetails?.license?.licenseTo);
  return to !== undefined && to < now ? to : undefined;
}

/**
 * (De)activates the license the key names. The key is resolved as `license get` resolves it (a uuid the
 * lookup does not hold is sent as it is: the service has the last word). Whether anything changes is decided
 * once, here, from the state the lookup read: a license already in the asked state is said to be so and
 * nothing is sent. Activating a license whose term has ended warns, naming the date, and asks on a terminal.
 */
export async function runLicenseAction(opts: LicenseActionOptions, deps: LicenseActionDeps): Promise<void> {
  const { io } = deps;
  // The key as pasted: the spaces around it are not part of it.
  const given = opts.key.trim();
  // A uuid sent as it is needs no lookup to print its request.
  if (opts.dryRun && isUuid(given)) {
    await sendAndPrint(opts, deps, licenseStateRequest(given.toLowerCase(), opts.action), {
      kind: 'license',
      summary: () => '',
    });
    return;
  }
  const { found, notFound } = await findEach(
    { api: deps.api, twin: deps.twin, keys: [given] },
    LICENSE_TARGET,
  );
  const before = found[0]?.record;
  if (!before && !isUuid(given)) throw notFound();
  const uuid = before?.uuid ?? given.toLowerCase();
  // The key or serial number the user gave, spelt as the license has it (keys match whatever their case).
  const key =
    (before &&
      [licenseKey(before), before.serialNumber].find((k) => k?.toLowerCase() === given.toLowerCase())) ||
    given;
  // The license as the user named it, and by its uuid when they named it otherwise.
  const named = key.toLowerCase() === uuid ? uuid : `${key} (${uuid})`;
  const state = opts.action === 'activate' ? 'active' : 'inactive';
  if (before && alreadyIn(before, opts.action) && !opts.dryRun) {
    await writeRecords(io, opts.output, 'license', [before], '');
    io.note(`License ${key} is already ${state}: nothing was sent.`);
    return;
  }
  const ended = before && opts.action === 'activate' ? termEnded(before, deps.now()) : undefined;
  const tz = opts.output.timeZone ?? 'UTC';
  if (ended !== undefined) {
    io.warn(`Warning: the term of license ${key} ended on ${shortTime(ended, tz)}.`);
  }
  const ask =
    !opts.dryRun && !opts.yes && io.canPrompt()
      ? opts.action === 'deactivate'
        ? `Deactivate license ${named}?`
        : ended !== undefined
          ? `Activate license ${key} anyway?`
          : undefined
      : undefined;
  if (ask !== undefined && !(await deps.prompter.confirm({ message: ask, flag: '--yes', default: false }))) {
    io.note(`Not ${opts.action}d: nothing was sent.`);
    return;
  }
  await sendAndPrint<LicenseRecord>(opts, deps, licenseStateRequest(uuid, opts.action), {
    kind: 'license',
    subject: `license ${uuid}`,
    summary: (saved) =>
      saved
        .map((record) => licenseSummary(record, opts.action, { named, timeZone: opts.output.timeZone }))
        .join('')
        .trimEnd(),
  });
}

import type { LicenseAction, LicenseRecord } from '../../domain/license.js';
import { shortTime } from '../../output/cells.js';

const BAR = 20;

/** `[██████░░░░]`: provisioned against the total; full (never longer) when over it. */
export function usageBar(provisioned: number, total: number): string {
  const filled = total > 0 ? Math.min(BAR, Math.round((provisioned / total) * BAR)) : BAR;
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}]`;
}

/** The warning when more devices are provisioned than the license allows; undefined otherwise. */
export function overTotal(record: LicenseRecord): string | undefined {
  const d = record.licenseDetails;
  if (typeof d?.provisioned !== 'number' || typeof d.total !== 'number' || d.provisioned <= d.total) return;
  const over = d.provisioned - d.total;
  return `Warning: ${d.provisioned} devices provisioned, ${over} over the license's total of ${d.total}`;
}

/**
 * What a person wants to see after (de)activating: status, days left, devices against the total as a
 * small bar, and a warning when over it. `named` is how the first line names the license (its uuid by default).
 */
export function licenseSummary(
  record: LicenseRecord,
  action: LicenseAction,
  opts: { named?: string; timeZone?: string } = {},
): string {
  const details = record.licenseDetails;
  const license = details?.license;
  const active = license?.active ?? details?.active;
  const show = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const until = license?.licenseTo ? ` (until ${shortTime(license.licenseTo, opts.timeZone ?? 'UTC')})` : '';
  const provisioned = details?.provisioned;
  const total = details?.total;
  const devices =
    typeof provisioned === 'number' && typeof total === 'number'
      ? `${provisioned} of ${total} ${usageBar(provisioned, total)}`
      : `${show(provisioned)} of ${show(total)}`;
  const rows: Array<[string, string]> = [
    ['Status', show(license?.status)],
    ['Active', active === undefined || active === null ? '-' : active ? 'yes' : 'no'],
    ['Days left', `${show(details?.remainingDays)}${until}`],
    ['Devices', devices],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const verb = action === 'activate' ? 'Activated' : 'Deactivated';
  const head = `${verb} license ${opts.named ?? show(record.uuid)}`;
  const warning = overTotal(record);
  const lines = [head, ...rows.map(([k, v]) => `  ${`${k}:`.padEnd(width + 2)}${v}`)];
  if (warning) lines.push(`  ${warning}`);
  return `${lines.join('\n')}\n`;
}

// A license asked for on a terminal: picked from the licenses the credentials can see (read within the
// budget of kit/known-records.ts), by key, serial number, status and days left (narrowed as one types), or
// typed whole. As the organization prompt offers organizations by name (kit/write/prompts.ts): a support
// person who forgot the key finds it here.
import type { LicenseRecord } from '../../domain/license.js';
import { isUuid } from '../../domain/uuid.js';
import type { Factory } from '../../kit/factory.js';
import { BUDGET_MS, LIMIT } from '../../kit/known-records.js';
import { walkListing } from '../../kit/listing-find.js';
import type { Choice } from '../../kit/prompter.js';
import { requireValue } from '../../kit/write/prompts.js';
import { LICENSE_TARGET, licenseKey } from './lookup.js';

/** The key given; else, on a terminal, one picked or typed; else a usage error naming `<key|uuid>`. */
export async function requireLicenseKey(f: Factory, given: string | undefined): Promise<string> {
  const opts = { flag: '<key|uuid>', message: 'License key or uuid' };
  if ((given !== undefined && given !== '') || !f.io.canPrompt()) return requireValue(f, given, opts);
  const choices = await licenseChoices(f);
  if (choices.length === 0) return requireValue(f, given, opts);
  // As the organization prompt: what the list does not hold is taken when it is a whole uuid.
  return f.prompter.search({ ...opts, choices, typed: (text) => isUuid(text) });
}

/** The licenses of the scope as choices, by key; none when none can be read (the prompt takes what is typed). */
async function licenseChoices(f: Factory): Promise<Choice[]> {
  const deadline = performance.now() + BUDGET_MS;
  try {
    const twin = await f.lookup();
    let records: LicenseRecord[];
    if (twin) records = await twin.licenses();
    else {
      records = [];
      for await (const l of walkListing(await f.api(), LICENSE_TARGET.list)) {
        records.push(l);
        if (records.length >= LIMIT || performance.now() >= deadline) break;
      }
    }
    // A line shows the name, then the value whole: the serial number, status and days left, then the key.
    return records.flatMap((l) => {
      const key = licenseKey(l) ?? l.uuid;
      if (!key) return [];
      const details = l.licenseDetails;
      const parts = [l.serialNumber, details?.license?.status, daysLeft(details?.remainingDays)];
      return [{ value: key, name: parts.filter((p) => p != null && p !== '').join('  ') || key }];
    });
  } catch {
    return [];
  }
}

function daysLeft(days: number | null | undefined): string | undefined {
  return days == null ? undefined : `${days} ${days === 1 ? 'day' : 'days'} left`;
}

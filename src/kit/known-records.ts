// The organizations and users a command's credentials can see, for a prompt to offer by name: on the embedded
// default the twin's database read by its keys (as completion reads it), else the service's organization
// tree walked from the profile's organization down (the interface has no other way to list them).
import { existsSync } from 'node:fs';
import type { Organization } from '../domain/organization.js';
import type { Factory } from './factory.js';
import type { Choice } from './prompter.js';

export type KnownKind = 'org' | 'user';

/** Offered at most: a prompt narrows them as the user types. */
export const LIMIT = 1000;
/** Reading stops this long after it started; the prompt offers what came. */
export const BUDGET_MS = 2000;

/** An organization's user, by the names the record gives: its administrator and the organization. */
export function userOf(o: Partial<Organization>): string {
  const org = o.orgName ?? o.uuid;
  return o.orgAdmin ? `${org}: ${o.orgAdmin}` : `user of ${org}`;
}

/** The records of `kind` the command's target shows its credentials, as choices; none when none can be read. */
export async function knownRecords(f: Factory, kind: KnownKind): Promise<Choice[]> {
  const deadline = performance.now() + BUDGET_MS;
  try {
    const cfg = await f.config();
    if (!cfg.baseUrl) {
      // The embedded default's database is made on first use, by the command itself.
      if (!existsSync(cfg.db)) return [];
      const { readStoredValues } = await import('../server/completion-values.js');
      return choices(new Map(readStoredValues(cfg.db, kind, '', LIMIT, deadline).items));
    }
    if (!cfg.org) return [];
    const [api, { listSubOrganizations }] = await Promise.all([f.api(), import('../api/organizations.js')]);
    const found = new Map<string, string>();
    if (kind === 'org') found.set(cfg.org, '');
    const queue = [cfg.org];
    const seen = new Set(queue);
    for (let parent = queue.shift(); parent; parent = queue.shift()) {
      for await (const o of listSubOrganizations(api, parent, { pageSize: 500, all: true }) as AsyncIterable<
        Partial<Organization>
      >) {
        const [value, name] = kind === 'org' ? [o.uuid, o.orgName ?? ''] : [o.userUuid, userOf(o)];
        if (value && !found.has(value)) found.set(value, name);
        if (o.uuid && !seen.has(o.uuid)) {
          seen.add(o.uuid);
          queue.push(o.uuid);
        }
        if (found.size >= LIMIT || performance.now() >= deadline) return choices(found);
      }
    }
    return choices(found);
  } catch {
    // Nothing could be read (a refused token, an unreachable service): the prompt takes a typed uuid.
    return [];
  }
}

/** By name, as a person looks for them; a record without a name by its uuid. */
function choices(found: Map<string, string>): Choice[] {
  return [...found]
    .map(([value, name]) => ({ value, name: name || value }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

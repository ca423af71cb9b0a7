// The twin's lookups (domain/lookup.ts) for one token and time zone: the scope the token's listing would
// have, records in the shape and time zone its pages would carry.
import type { Clock } from '../domain/clock.js';
import type { TokenGrant } from '../domain/grants.js';
import { isValidTimeZone } from '../domain/instant.js';
import type { TwinLookup } from '../domain/lookup.js';
import { isUuid } from '../domain/uuid.js';
import type { Store } from './store/port.js';

/** A chunk of keys read at once: a page of the listing's size. */
const CHUNK = 500;

/**
 * The spellings a key may have in the table: a uuid is compared whatever its case by the walk, so it is
 * looked for as given and in both cases (a value stored in mixed case is not found this way).
 */
function spellings(key: string): string[] {
  return isUuid(key) ? [...new Set([key, key.toLowerCase(), key.toUpperCase()])] : [key];
}

/**
 * The lookups for a token's grant with its listing's time zone; undefined when the service would refuse the token
 * or the zone (the caller walks the listing then, and meets the refusal there).
 */
export function twinLookup(
  store: Store,
  grant: TokenGrant | undefined,
  tz: string,
  clock: Clock = store.clock,
): TwinLookup | undefined {
  if (!grant || !isValidTimeZone(tz)) return undefined;
  const root = grant.orgUuid;
  return {
    edgeDevice(key) {
      const keys = spellings(key);
      return store.read(async (s) => {
        const uuid = await s.lookups.deviceKey(root, keys, keys);
        return uuid === undefined ? undefined : (await s.edgeDevices.load([uuid], tz))[0];
      });
    },
    codeType(key) {
      const keys = spellings(key);
      return store.read(async (s) => {
        const uuid = await s.lookups.codeTypeKey(keys, keys);
        return uuid === undefined ? undefined : (await s.codes.types([uuid], tz))[0];
      });
    },
    license(key) {
      const keys = spellings(key);
      return store.licenses.find(root, keys, keys, clock.now(), tz);
    },
    licenses: () => store.licenses.inScope(root, clock.now(), tz),
    serialsNear: (key) => store.lookups.serialsNear(root, key),
    codeTypeIdentifiers: () => store.lookups.codeTypeIdentifiers(),
    edgeDevicesMatching({ uuids, orgUuid, serials }) {
      return store.read(async (s) => {
        const keys = await s.lookups.matching(root, uuids.flatMap(spellings), orgUuid.toLowerCase(), serials);
        const out = [];
        for (let i = 0; i < keys.length; i += CHUNK)
          out.push(...(await s.edgeDevices.load(keys.slice(i, i + CHUNK), tz)));
        return out;
      });
    },
  };
}

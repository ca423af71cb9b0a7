// The twin's lookups (domain/lookup.ts) for one token and time zone: the scope the token's listing would
// have, records in the shape and time zone its pages would carry.
import type { Clock } from '../domain/clock.js';
import type { TokenGrant } from '../domain/grants.js';
import { isValidTimeZone } from '../domain/instant.js';
import type { TwinLookup } from '../domain/lookup.js';
import { isUuid } from '../domain/uuid.js';
import type { Store } from './store/db.js';
import { lookupQueries } from './store/lookup-queries.js';

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
  const q = lookupQueries(store.db);
  const devices = store.edgeDevices;
  return {
    edgeDevice(key) {
      const keys = spellings(key);
      return store.read(() => {
        const uuid = q.deviceKey(root, keys, keys);
        return uuid === undefined ? undefined : devices.load([uuid], tz)[0];
      });
    },
    codeType(key) {
      const keys = spellings(key);
      return store.read(() => {
        const uuid = q.codeTypeKey(keys, keys);
        return uuid === undefined ? undefined : store.codes.types([uuid], tz)[0];
      });
    },
    license(key) {
      const keys = spellings(key);
      return store.read(() => store.licenses.find(root, keys, keys, clock.now(), tz));
    },
    licenses: () => store.read(() => store.licenses.inScope(root, clock.now(), tz)),
    serialsNear: (key) => store.read(() => q.serialsNear(root, key)),
    codeTypeIdentifiers: () => store.read(() => q.codeTypeIdentifiers()),
    edgeDevicesMatching({ uuids, orgUuid, serials }) {
      return store.read(() => {
        const keys = q.matching(root, uuids.flatMap(spellings), orgUuid.toLowerCase(), serials);
        const out = [];
        for (let i = 0; i < keys.length; i += CHUNK) out.push(...devices.load(keys.slice(i, i + CHUNK), tz));
        return out;
      });
    },
  };
}

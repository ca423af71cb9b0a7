// What shell completion reads of a local database: through the store, opened read-only (nothing is created,
// migrated or written), never the file behind it.
import { openStore } from './store/db.js';
import type { StoredKind, StoredValues } from './store/stored-values.js';

export type { StoredKind, StoredValues };

/**
 * Keys of a kind starting with `prefix`, at most `limit`, read until `deadline` (ms since performance's
 * origin). A database that does not exist is not created: nothing is read from it.
 */
export function readStoredValues(
  path: string,
  kind: StoredKind,
  prefix: string,
  limit: number,
  deadline: number,
): StoredValues {
  const store = openStore(path, {
    readOnly: true,
    busyTimeoutMs: Math.max(0, Math.min(200, deadline - performance.now())),
  });
  try {
    return store.keysStartingWith(kind, prefix, limit, deadline);
  } finally {
    store.close();
  }
}

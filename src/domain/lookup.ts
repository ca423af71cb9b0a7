// Reads of the embedded database by its indexes (cli.md, "Lookups on the twin"): what `get`, `apply` and
// completion would otherwise find by walking the listing. The server implements it over its store; the CLI
// asks for it only on the embedded default (a remote service has no lookup).
import type { CodeType } from './code.js';
import type { EdgeDevice } from './edge-device.js';
import type { LicenseRecord } from './license.js';

/**
 * Read-only lookups within one token's scope, answering the records the listing would hold, in its shape
 * and time zone. A key is a uuid (any case) or the kind's other key, as written.
 */
export interface TwinLookup {
  /** The first device in listing order whose uuid or serial number (compared by serialKey) is `key`. */
  edgeDevice(key: string): EdgeDevice | undefined;
  /** The first code type in listing order whose uuid or identifier is `key`. */
  codeType(key: string): CodeType | undefined;
  /** The first license in listing order whose uuid, license key or serial number is `key`. */
  license(key: string): LicenseRecord | undefined;
  /** The licenses in scope, in the order of the licenses report (which is how the interface lists them). */
  licenses(): LicenseRecord[];
  /** Serial numbers in scope sorting near `key` or sharing a prefix with it: a few hundred at most. */
  serialsNear(key: string): string[];
  /** Code type identifiers (a few hundred at most). */
  codeTypeIdentifiers(): string[];
  /**
   * The devices `apply` matches a file against: those in scope with one of `uuids`, and those of `orgUuid`
   * with one of `serials` (compared by serialKey); in listing order.
   */
  edgeDevicesMatching(q: {
    uuids: readonly string[];
    orgUuid: string;
    serials: readonly string[];
  }): EdgeDevice[];
}

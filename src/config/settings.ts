// Values of settings the command tree names in its flags' help and choices: a module of their own, so that
// `--help` loads nothing more than the command tree (keys.ts reads zones and uuids).

/** How machine formats write timestamps: as the service sent them, or ISO 8601 in UTC. */
export const TIMESTAMP_STYLES = ['service', 'iso'] as const;
/** Page requests kept in flight by a listing walk against a remote service that sends X-Total-Count. */
export const DEFAULT_PARALLEL = 4;
export const MAX_PARALLEL = 32;

// The envelope on the client's side: a request's metadata filled in, and a body told to be an envelope (its
// schemas are domain/envelope.ts's).
import type { Metadata, ResponseEnvelope } from '../domain/envelope.js';

export type { Metadata, ResponseEnvelope };

/** Metadata of a request: the resolved org/user, then what the caller names explicitly. */
export function buildMetadata(defaults: Metadata, extra?: Metadata | null): Metadata {
  return {
    fileCodeUuid: extra?.fileCodeUuid ?? defaults.fileCodeUuid ?? '',
    orgUuid: extra?.orgUuid ?? defaults.orgUuid ?? '',
    userUuid: extra?.userUuid ?? defaults.userUuid ?? '',
  };
}

/** True for a value shaped like an envelope ({ data: [...] }), as opposed to a bare array of records. */
export function isEnvelope(value: unknown): value is { data: unknown[]; metadata?: Metadata | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { data?: unknown }).data)
  );
}

/** A parsed response body that is an envelope with a statusCode. */
export function isResponseEnvelope(value: unknown): value is ResponseEnvelope {
  return isEnvelope(value) && typeof (value as { statusCode?: unknown }).statusCode === 'string';
}

import { z } from 'zod';
import { ISO_TIMESTAMP, PLAIN_DATE, WIRE_TIMESTAMP } from './instant.js';

export { formatDate, formatTimestamp, isValidTimeZone, parseTimestamp, WIRE_TIMESTAMP } from './instant.js';

export const Timestamp = z
  .string()
  .refine((s) => WIRE_TIMESTAMP.test(s) || ISO_TIMESTAMP.test(s), {
    message: "expected yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM or ISO 8601",
  })
  .meta({
    id: 'Timestamp',
    description:
      "Sent as yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM (a literal '*'), e.g. 2026-11-21T09:30:00*000+0530, in the " +
      "request's time_zone; accepted also as ISO 8601 with '.' for milliseconds",
    pattern: `${WIRE_TIMESTAMP.source}|${ISO_TIMESTAMP.source}`,
  });

export const DateOnly = z
  .string()
  .regex(PLAIN_DATE, 'expected YYYY-MM-DD')
  .meta({ description: 'YYYY-MM-DD' });

import { z } from 'zod';
import { isTimestampText, PLAIN_DATE, READABLE_TIMESTAMP } from './instant.js';

export { formatDate, formatTimestamp, isValidTimeZone, parseTimestamp, WIRE_TIMESTAMP } from './instant.js';

// Read by the one timestamp reader (instant.ts), so a record exported from the real service, whose forms are
// Java's (`GMT+05:30`, epoch milliseconds...), passes the input check when it is sent back.
export const Timestamp = z
  .union([
    z
      .string()
      .regex(READABLE_TIMESTAMP, "expected yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM or ISO 8601")
      .refine(isTimestampText, { message: 'not a date that exists' }),
    z.number().int(),
  ])
  .meta({
    id: 'Timestamp',
    description:
      "Sent as yyyy-MM-dd'T'HH:mm:ss*SSS±HHMM (a literal '*'), e.g. 2026-11-21T09:30:00*000+0530, in the " +
      "request's time_zone; accepted also as ISO 8601 ('.' or '*' before the milliseconds), java.time's " +
      'GMT+05:30 offsets, and epoch milliseconds',
  });

export const DateOnly = z
  .string()
  .regex(PLAIN_DATE, 'expected YYYY-MM-DD')
  .meta({ description: 'YYYY-MM-DD' });

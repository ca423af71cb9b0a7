import { z } from 'zod';
import { isDateText, isTimestampText, PLAIN_DATE, READABLE_TIMESTAMP } from './instant.js';

export {
  formatDate,
  formatTimestamp,
  isoFromWire,
  isValidTimeZone,
  parseTimestamp,
  WIRE_TIMESTAMP,
} from './instant.js';

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
      'GMT+05:30 offsets, and epoch milliseconds. A date or time that does not exist (2026-13-45T10:00, ' +
      '2026-02-30T10:00) is refused with 406 naming the field, on every operation, in created/updated ' +
      'timestamps too: those the server sets, and a valid one sent by a client is ignored',
  });

export const DateOnly = z
  .string()
  .regex(PLAIN_DATE, 'expected YYYY-MM-DD')
  .refine(isDateText, { message: 'not a date that exists' })
  .meta({
    description: 'YYYY-MM-DD; a day that does not exist (2026-02-30) is refused with 406 naming the field',
  });

import { z } from 'zod';

import { MAX_TEXT } from './limits.js';

export { MAX_RECORDS, MAX_TEXT } from './limits.js';
export { DateOnly, Timestamp } from './timestamp.js';
// Uuid's rule as a plain test, for a path segment or a metadata field (a zod parse costs ten times more).
export { isUuid } from './uuid.js';

// "UUID format": 8-4-4-4-12 hex digits. Permissive about version/variant bits, as remote data may be.
export const Uuid = z.guid();

// decisions.md "Limits and hostile input": text fields hold at most MAX_TEXT characters and never a NUL.
const NO_NUL = /^[^\0]*$/;

// A \uD800-\uDFFF escape without its pair is valid JSON but no Unicode text: stored, it would become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// The only characters those two rules look at, found in one scan of a text that has none of them.
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** The issues of a text with a NUL or half of a surrogate pair (those the two rules gave, NUL as a regex format). */
function unicodeIssues(ctx: z.core.ParsePayload<string>, s: string): void {
  if (!NO_NUL.test(s)) {
    ctx.issues.push({
      code: 'invalid_format',
      format: 'regex',
      pattern: NO_NUL.toString(),
      origin: 'string',
      input: s,
      message: 'must not contain a NUL character',
    });
  }
  if (LONE_SURROGATE.test(s))
    ctx.issues.push({
      code: 'custom',
      input: s,
      message: 'must be Unicode text (it holds half of a surrogate pair)',
    });
}

/**
 * No NUL, no half of a surrogate pair and (for `max`) at most that many characters, as one check function:
 * zod's .regex(), .refine() and .max() each cost several times this per value (a call, a `when`, an issue
 * list walk), and a bulk add checks every text of thousands of records, on both sides. The issues are
 * those the rules gave, in the same order; the JSON Schema keeps its pattern and maxLength (meta).
 */
function textCheck(max?: number) {
  const tooLong = `must be at most ${max} characters`;
  return (ctx: z.core.ParsePayload<string>): void => {
    const s = ctx.value;
    if (SUSPECT.test(s)) unicodeIssues(ctx, s);
    if (max !== undefined && s.length > max) {
      ctx.issues.push({
        code: 'too_big',
        maximum: max,
        origin: 'string',
        inclusive: true,
        input: s,
        message: tooLong,
      });
    }
  };
}

/** Text with no NUL character, of any length the body allows (flowJSON). */
export const longText = () => z.string().check(textCheck()).meta({ pattern: NO_NUL.source });
/** A text field: at most MAX_TEXT characters, no NUL. */
export const text = () =>
  z.string().check(textCheck(MAX_TEXT)).meta({ maxLength: MAX_TEXT, pattern: NO_NUL.source });
/** A count (noOfdevices and the like): a whole number, 0 or more. */
export const count = () => z.number().int().min(0, 'must be 0 or more').nullish();
/** A TCP/UDP port: 1 to 65535. */
export const port = () =>
  z.number().int().min(1, 'must be 1 to 65535').max(65535, 'must be 1 to 65535').nullish();

// The interface marks no field required; records accept any subset and tolerate nulls from a remote service.
export const str = () => text().nullish();
export const int = () => z.number().int().nullish();
export const bool = () => z.boolean().nullish();
export const uuid = () => Uuid.nullish();
// Entries the interface shows as empty objects: content not fixed, kept as given.
export const looseObject = () => z.looseObject({});

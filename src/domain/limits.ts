// decisions.md "Limits and hostile input", apart from the schemas that enforce them (common.ts), so the
// server's request path reads them without loading zod.

/** Text fields hold at most this many characters (and never a NUL). */
export const MAX_TEXT = 4096;
/** At most this many records in one request's `data`. */
export const MAX_RECORDS = 1000;

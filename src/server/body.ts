import type { z } from 'zod';

/**
 * A request body as the route's schema parses it: every body the service receives, over HTTP or handed
 * over in process, whatever the client checked before sending it.
 */
export function parseBody(schema: z.ZodType, json: unknown): ReturnType<z.ZodType['safeParse']> {
  return schema.safeParse(json);
}

import { z } from 'zod';

/** The config file's JSON (store.ts), checked whenever it is read. */
export const FileShape = z.object({
  currentProfile: z.string().optional(),
  profiles: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  embedded: z.record(z.string(), z.unknown()).optional(),
});
export type FileContent = z.infer<typeof FileShape>;

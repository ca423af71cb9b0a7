import { UsageError } from './errors.js';

/** A bad value from a flag, the environment or the config file is the user's to fix: exit 2. */
export function configErrorAsUsage(err: unknown): unknown {
  if (err instanceof Error && err.name === 'ConfigError') return new UsageError(err.message);
  return err;
}

/** A bad configuration value or key, from a flag, the environment or the config file; the CLI exits 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

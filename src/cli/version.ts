import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The package version, read once from package.json (two levels up from both src/cli and dist/cli). */
export function cliVersion(): string {
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version?: string;
      };
      cached = pkg.version ?? '0.0.0';
    } catch {
      cached = '0.0.0';
    }
  }
  return cached;
}

import { readFileSync } from 'node:fs';

interface PackageFacts {
  version: string;
  /** Where to report a problem: package.json `bugs` (a URL, or an object with one). */
  bugs?: string;
}

// What the build read from package.json (scripts/build.mjs defines it): a built CLI reads no file for it.
declare const __CCP_PACKAGE__: PackageFacts | undefined;

let cached: PackageFacts | undefined;

/** package.json's facts: the build's, or read once (two levels up from both src/cli and dist/cli). */
function packageFacts(): PackageFacts {
  if (cached === undefined && typeof __CCP_PACKAGE__ !== 'undefined') cached = __CCP_PACKAGE__;
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version?: string;
        bugs?: string | { url?: string };
      };
      const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url;
      cached = { version: pkg.version ?? '0.0.0', ...(bugs ? { bugs } : {}) };
    } catch {
      cached = { version: '0.0.0' };
    }
  }
  return cached;
}

/** The package version. */
export function cliVersion(): string {
  return packageFacts().version;
}

/** The line that says where to report a problem, or undefined when package.json names no tracker. */
export function reportLine(): string | undefined {
  const { bugs } = packageFacts();
  return bugs ? `Report a problem: ${bugs}` : undefined;
}

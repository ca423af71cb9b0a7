// Start-up with what the runtime gives (cli.md "Where it runs"): bin/ccp.js turns on Node's compile cache
// (every supported line has it), in Node's own default folder (os.tmpdir()/node-compile-cache), and no
// line prints a warning for it. NODE_COMPILE_CACHE is left unset: it would turn the cache on by itself.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  ensureBuilt();
  tmp = await tempDir('ccp-compile-cache-');
});
afterAll(() => tmp.remove());

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe(`the compile cache on Node.js ${process.versions.node}`, () => {
  it.each([[['edgedevice', '--help']], [['edgedevice', 'list', '--limit', '1', '-o', 'json']]])(
    '%j fills it, and prints no warning',
    async (args) => {
      const temp = join(tmp.dir, `tmp-${args.length}`);
      const env = isolatedEnv(join(tmp.dir, 'home'), { TMPDIR: temp });
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const r = await spawnCcp(args, { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/warning|experimental|deprecat/i);
      const cached = files(join(temp, 'node-compile-cache'));
      expect(cached.length).toBeGreaterThan(0);
    },
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp HOME with its own config dir; `env` never reads the real user's files. */
export function tempEnv(extra: NodeJS.ProcessEnv = {}): {
  dir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'ccp-config-'));
  const env: NodeJS.ProcessEnv = { HOME: dir, CCP_CONFIG_DIR: join(dir, 'config'), ...extra };
  return { dir, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

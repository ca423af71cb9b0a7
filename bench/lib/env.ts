import { join } from 'node:path';

/** The environment of a benchmark's ccp: its own HOME and XDG folders under `dir`, and no CCP_ variable. */
export function benchEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
  };
  for (const k of Object.keys(env)) if (k.startsWith('CCP_')) delete env[k];
  return env;
}

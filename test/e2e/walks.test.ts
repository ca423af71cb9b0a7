// What a command runs, counted by scripts/walk.mjs (docs/architecture.md, "Three walks"): the files of src/
// a command line's functions ran in. Work the command never needs is not done on its way: the verbs beside
// it are not declared, the store's repositories it does not read are not made.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, tempDir } from '../helpers/cli.js';
import { startTestServer } from '../helpers/server.js';

const WALK = join(import.meta.dirname, '..', '..', 'scripts', 'walk.mjs');

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

/**
 * The files whose functions ran for `ccp ARGS`, each with the functions that ran in it (`name` or `namexN`,
 * called N times), and the exit code.
 */
async function walk(
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{
  files: Set<string>;
  functions: Map<string, string[]>;
  status: number | null;
  stderr: string;
}> {
  // Not spawnSync: a test server in this process answers the remote walk.
  const child = spawn(process.execPath, [WALK, ...args], {
    env: { ...env, ...extra, WALK_LIST: 'functions' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const r = { status, stderr };
  const functions = new Map<string, string[]>();
  for (const line of r.stderr.split('\n')) {
    const m = /^\d+\t(\S+)\t(.*)$/.exec(line);
    if (m) functions.set(m[1]!, m[2]!.split(' '));
  }
  return { files: new Set(functions.keys()), functions, status: r.status, stderr: r.stderr };
}

beforeAll(async () => {
  tmp = await tempDir('ccp-walks-');
  env = isolatedEnv(tmp.dir);
  // The first run seeds the default database: the walks below are of a command on a database in use.
  expect((await walk(['status'])).status).toBe(0);
});

afterAll(async () => {
  await tmp.remove();
});

describe('the walks run what their command needs', () => {
  it('license activate: no sibling verb declared, no repository of another kind made', async () => {
    const r = await walk(['license', 'activate', 'LIC-2024-007']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.files).toContain('commands/license/activate.ts');
    expect(r.files).toContain('server/store/licenses.ts');
    for (const never of [
      'commands/license/get.ts',
      'commands/api/request.ts',
      'commands/connection/login.ts',
      'commands/server/token/list.ts',
      'cli/completion/command.ts',
      'cli/root-help.ts',
      'kit/pager.ts',
      'kit/prompter.ts',
      'server/store/codes.ts',
      'server/store/edge-devices.ts',
      'server/store/edge-device-copies.ts',
      'server/store/notifications.ts',
      'server/store/lookup-queries.ts',
    ]) {
      expect(r.files, never).not.toContain(never);
    }
    // The config file read once: for the configuration's profiles and for the embedded server's token.
    expect(r.functions.get('config/file.ts')).toContain('readOnlyBacking');
  });

  it('edgedevice add -f: the devices and their batch, not the other verbs nor kinds', async () => {
    const org = 'c705b978-efe6-4270-a221-74892a1be9e9';
    const file = join(tmp.dir, 'devices.csv');
    writeFileSync(
      file,
      'edgeDeviceName,serialNumber,ipAdress,port,location,shortDescription,isActive\n' +
        'gw 1,WALK-1,10.0.0.1,1001,Hall,row 1,true\n',
    );
    const r = await walk(['edgedevice', 'add', '-f', file, '--org', org, '--user', org]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.files).toContain('server/store/edge-devices.ts');
    for (const never of [
      'commands/edgedevice/get.ts',
      'commands/edgedevice/push.ts',
      'commands/edgedevice/apply.ts',
      'server/store/edge-device-copies.ts',
      'kit/prompter.ts',
      'server/store/codes.ts',
      'server/store/notifications.ts',
      'server/store/licenses.ts',
    ]) {
      expect(r.files, never).not.toContain(never);
    }
  });

  it('edgedevice list --all -o ndjson against a service: its transport chosen once, nothing of the server', async () => {
    const server = await startTestServer();
    try {
      const r = await walk(['--base-url', server.url, 'edgedevice', 'list', '--all', '-o', 'ndjson'], {
        CCP_TOKEN: server.tokens.admin,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.files).toContain('api/direct-http.ts');
      expect([...r.files].filter((f) => f.startsWith('server/'))).toEqual([]);
      for (const never of ['kit/embedded-server.ts', 'kit/pager.ts', 'commands/edgedevice/get.ts']) {
        expect(r.files, never).not.toContain(never);
      }
      // Plain http to the service, straight: decided once, where the transport is made.
      expect(r.functions.get('api/direct-http.ts')).toContain('goesDirect');
    } finally {
      await server.close();
    }
  });
});

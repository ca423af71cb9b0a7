import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServerStart } from '../../src/commands/server/start.js';
import { openStore, tokenIsValid } from '../../src/server/index.js';
import { ORG } from '../fixtures/basic-ids.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/server.js';
import { testIO } from '../helpers/test-io.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'server.db');
});

afterAll(async () => {
  await tmp.remove();
});

describe('ccp server import / token create / start', () => {
  it('imports a fixture and prints what it loaded', async () => {
    const r = await runCli(['server', 'import', join(FIXTURES_DIR, 'basic.json'), '--db', db, '--json'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ organizations: 6, licenses: 3, codeTypes: 2, codes: 5 });
    expect(existsSync(db)).toBe(true);
  });

  it('a missing or bad fixture file is exit 2', async () => {
    expect((await runCli(['server', 'import', join(tmp.dir, 'none.json'), '--db', db], { env })).code).toBe(
      2,
    );
  });

  it('a file that is not JSON or is cut short is exit 2, naming the file and what is wrong', async () => {
    for (const [text, reason] of [
      ['[{"serialNumber": nope}, {"serialNumber": "b"}]', 'not valid JSON: '],
      ['{"edgeDevices": [{"serial', 'unexpected end of the file'],
    ] as const) {
      const file = join(tmp.dir, 'broken.json');
      writeFileSync(file, text);
      const r = await runCli(['server', 'import', file, '--db', db], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${file}: ${reason}`);
    }
  });

  it('token create prints the token alone on stdout, and the token is valid', async () => {
    const r = await runCli(['server', 'token', 'create', '--org', ORG.sub1, '--role', 'viewer', '--db', db], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ccp_[A-Za-z0-9_-]+\n$/);
    const store = await openStore(db);
    try {
      expect(await tokenIsValid(store, r.stdout.trim())).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('token create without --role and without a terminal fails naming the flag (exit 2)', async () => {
    const r = await runCli(['server', 'token', 'create', '--org', ORG.sub1, '--db', db], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--role');
  });

  it('token create prompts for a missing role when prompting is allowed', async () => {
    const r = await runCli(['server', 'token', 'create', '--org', ORG.root, '--db', db], {
      env,
      stdinIsTTY: true,
      stdoutIsTTY: true,
      answers: ['operator'],
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.asked).toEqual(['Role']);
  });

  it('seed without --demo is a usage error', async () => {
    const r = await runCli(['server', 'seed', '--db', db], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--demo');
  });

  it('start serves the database until told to stop, then closes', async () => {
    const io = testIO({ env });
    let stop!: () => void;
    const stopped = new Promise<void>((r) => {
      stop = r;
    });
    let url = '';
    const running = runServerStart(
      {
        dbPath: db,
        host: '127.0.0.1',
        port: 0,
        stopped,
        onListening: (u) => {
          url = u;
        },
      },
      { io },
    );
    while (!url) await new Promise((r) => setTimeout(r, 10));
    const res = await request(`${url}/codeTypes/0?pageSize=1`, { headers: { time_zone: 'UTC' } });
    expect(res.statusCode).toBe(401);
    await res.body.dump();
    stop();
    await running;
    expect(io.err()).toContain(`at ${url}`);
    await expect(request(`${url}/codeTypes/0`)).rejects.toThrow();
  });

  it('start on a port already in use is a usage error naming the address (exit 2)', async () => {
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await runCli(['server', 'start', '--db', db, '--port', String(port)], { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the address is already in use`);
      expect(r.stderr).not.toContain('internal error');
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });
});

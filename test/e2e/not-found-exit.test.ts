// End-to-end: not found is exit 4 everywhere (cli.md, Exit codes), the interface's 200-coded answers for an
// unknown record included: CCP-CS-001 for a code, CCP-HTTP-017 for a well-formed uuid naming no organization.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir('ccp-e2e-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin, CCP_TIME_ZONE: 'UTC' });
});

afterAll(async () => {
  await srv?.close();
  await tmp?.remove();
});

const NOBODY = '11111111-1111-4111-8111-111111111111';

describe('an unknown record is exit 4 in every verb (bin/ccp.js)', () => {
  it('code get: CCP-CS-001 (HTTP 200) is exit 4, naming the code and the reason', async () => {
    const r = await spawnCcp(['code', 'get', NOBODY], { env });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`CCP-CS-001 Error while fetching Code: code ${NOBODY}`);
  });

  it('code get -o json: the error object on stderr says exit 4', async () => {
    const r = await spawnCcp(['code', 'get', NOBODY, '-o', 'json'], { env });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toMatchObject({
      code: 'CCP-CS-001',
      httpStatus: 200,
      exitCode: 4,
    });
  });

  it('org update: CCP-HTTP-017 for a well-formed unknown uuid is exit 4', async () => {
    const r = await spawnCcp(['org', 'update', NOBODY, '--city', 'Pune'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`CCP-HTTP-017 Invalid UUID Identifier: organization ${NOBODY} does not exist`);
  });

  it('org list and org get under an unknown parent: exit 4', async () => {
    const list = await spawnCcp(['org', 'list', NOBODY], { env });
    expect(list.code).toBe(4);
    expect(list.stderr).toContain('CCP-HTTP-017');
    const get = await spawnCcp(['org', 'get', NOBODY, 'Acme East'], { env });
    expect(get.code).toBe(4);
    expect(get.stderr).toContain('CCP-HTTP-017');
  });

  it('org options add to an unknown organization: exit 4', async () => {
    const r = await spawnCcp(['org', 'options', 'add', NOBODY, 'retention.days=30'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('CCP-HTTP-017');
  });

  it('edgedevice add to an unknown organization: exit 4', async () => {
    const r = await spawnCcp(
      ['edgedevice', 'add', '--org', NOBODY, '--user', USER.admin, '--name', 'x', '--serial', 'SN-X-1'],
      { env },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('CCP-HTTP-017');
  });

  it('a known organization still updates (exit 0): the mapping is by code, not by HTTP 200', async () => {
    const r = await spawnCcp(['org', 'update', ORG.sub2, '--city', 'Pune'], { env });
    expect(r.code, r.stderr).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, ndjson, spawnCcp, tempDir } from '../helpers/cli.js';
import { basicWithDevices, startTestServer, type TestServer } from '../helpers/server.js';

const EXTRA = 400;
let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const fixture = basicWithDevices(EXTRA, { uuidHead: 'e1000000', name: 'Parallel', serial: 'PAR' });
  srv = await startTestServer({ fixture });
  tmp = await tempDir('ccp-parallel-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin });
}, 60_000);

afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

/** The most page requests the --verbose trace shows in flight at once. */
function mostInFlight(trace: string): number {
  let now = 0;
  let most = 0;
  for (const line of trace.split('\n')) {
    if (/^> GET /.test(line)) most = Math.max(most, ++now);
    else if (/^< \d{3} \(/.test(line)) now--;
  }
  return most;
}

const walk = (parallel: string, format: string) =>
  spawnCcp(
    ['--parallel', parallel, '--verbose', 'edgedevice', 'list', '--all', '--page-size', '7', '-o', format],
    { env },
  );

describe('--parallel (bin/ccp.js against ccp server)', () => {
  for (const format of ['ndjson', 'csv', 'json']) {
    it(`-o ${format}: byte-identical to --parallel 1, with pages in flight together`, async () => {
      const one = await walk('1', format);
      const four = await walk('4', format);
      expect(one.code, one.stderr).toBe(0);
      expect(four.code, four.stderr).toBe(0);
      expect(four.stdout).toBe(one.stdout);
      expect(mostInFlight(one.stderr)).toBe(1);
      expect(mostInFlight(four.stderr)).toBe(4);
      if (format === 'ndjson') {
        const rows = ndjson(four.stdout);
        expect(rows.length).toBeGreaterThan(EXTRA);
        expect(new Set(rows.map((r) => r.uuid)).size).toBe(rows.length);
      }
    });
  }

  it('the profile key parallel sets the window; a value out of range is a usage error', async () => {
    expect((await spawnCcp(['config', 'set', 'parallel', '2'], { env })).code).toBe(0);
    try {
      const r = await spawnCcp(
        ['--verbose', 'edgedevice', 'list', '--all', '--page-size', '50', '-o', 'ndjson'],
        {
          env,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(mostInFlight(r.stderr)).toBe(2);
    } finally {
      await spawnCcp(['config', 'unset', 'parallel'], { env });
    }
    const bad = await spawnCcp(['--parallel', '0', 'edgedevice', 'list'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/parallel "0".*1 to 32/);
  });

  it('the embedded default stays one page at a time, whatever --parallel says', async () => {
    const local = await tempDir('ccp-parallel-embedded-');
    try {
      const r = await spawnCcp(
        ['--parallel', '8', '--verbose', 'edgedevice', 'list', '--all', '--page-size', '2', '-o', 'ndjson'],
        { env: isolatedEnv(local.dir) },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(ndjson(r.stdout).length).toBeGreaterThan(4);
      expect(mostInFlight(r.stderr)).toBe(1);
    } finally {
      await local.remove();
    }
  });

  it('get finds the last device with the parallel default', async () => {
    const r = await spawnCcp(['--verbose', 'edgedevice', 'get', `PAR-${EXTRA - 1}`, '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]?.serialNumber).toBe(`PAR-${EXTRA - 1}`);
  });
});

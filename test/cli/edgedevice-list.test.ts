import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE } from '../fixtures/basic-ids.js';
import { isolatedEnv, ndjson, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer, type TestServer, walkPages } from '../helpers/server.js';

let srv: TestServer;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
// biome-ignore lint/suspicious/noExplicitAny: records from the server, compared field by field
let all: any[];

beforeAll(async () => {
  srv = await startTestServer();
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin, CCP_TIME_ZONE: 'UTC' });
  all = await walkPages(srv, '/edgedevice/all', 100, { timeZone: 'UTC' });
});

afterAll(async () => {
  await srv.close();
  await tmp.remove();
});

describe('ccp edgedevice list', () => {
  it('prints the data array as JSON when stdout is not a terminal', async () => {
    const r = await runCli(['edgedevice', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed).toEqual(all);
    expect(printed.map((d: { uuid: string }) => d.uuid)).toContain(DEVICE.gateway1);
    expect(r.stderr).toBe('');
  });

  it('prints a table on a terminal', async () => {
    const r = await runCli(['edgedevice', 'list', '--fields', 'uuid,serialNumber'], {
      env,
      stdoutIsTTY: true,
      width: 200,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/UUID/);
    expect(r.stdout).toMatch(/Serial number/);
    expect(r.stdout).toContain(DEVICE.gateway1);
    expect(r.stdout).toContain('SN-1001');
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it('says "No edge devices found." on stderr for an empty table, and prints [] as JSON', async () => {
    const table = await runCli(['edgedevice', 'list', '--page', '50'], { env, stdoutIsTTY: true });
    expect(table.code).toBe(0);
    expect(table.stderr).toContain('No edge devices found.');
    const json = await runCli(['edgedevice', 'list', '--page', '50'], { env });
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect(json.stderr).toBe('');
  });

  it('a filtered page with no match says once what was looked at and how to look further', async () => {
    const where = ['edgedevice', 'list', '--page-size', '2', '--no-pager', '--where', 'location=nowhere'];
    const r = await runCli(where, { env, stdoutIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `No edge devices on page 0 (2 of ${all.length}) match --where location=nowhere; --all looks at every page.\n`,
    );
    const every = await runCli([...where, '--all'], { env, stdoutIsTTY: true });
    expect(every.stderr).toBe(`No edge devices match --where location=nowhere (${all.length} read).\n`);
    // A page with a match says how many of it matched, and where the rest is.
    const one = await runCli([...where.slice(0, -1), 'serialNumber=SN-1001'], { env, stdoutIsTTY: true });
    expect(one.stderr).toContain(
      `Page 0 (2 of ${all.length} edge devices): 1 match --where serialNumber=SN-1001; next page: --page 1; every page: --all.\n`,
    );
    expect(one.stderr).not.toContain('Page 0: 2 of');
  });

  it('--page and --page-size fetch exactly that page', async () => {
    const r = await runCli(['edgedevice', 'list', '--page', '1', '--page-size', '2', '-o', 'ndjson'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => d.uuid)).toEqual(all.slice(2, 4).map((d) => d.uuid));
  });

  it('--limit stops after N records across pages', async () => {
    const r = await runCli(['edgedevice', 'list', '--limit', '3', '--page-size', '2', '--json'], { env });
    expect(JSON.parse(r.stdout).map((d: { uuid: string }) => d.uuid)).toEqual(
      all.slice(0, 3).map((d) => d.uuid),
    );
  });

  it('--all follows pages, every record once', async () => {
    const r = await runCli(['edgedevice', 'list', '--all', '--page-size', '2', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => d.uuid)).toEqual(all.map((d) => d.uuid));
  });

  it('shows progress on a terminal stderr before a table or while records go to a file, never over streamed records', async () => {
    const { testIO } = await import('../helpers/test-io.js');
    const { run } = await import('../../src/cli/main.js');
    const spinnerFor = async (format: string, stdoutIsTTY = true, stderrIsTTY = true) => {
      const io = testIO({ env, stderrIsTTY, stdinIsTTY: true, stdoutIsTTY, width: 200 });
      const argv = ['node', 'ccp', 'edgedevice', 'list', '--all', '--page-size', '2', '-o', format];
      expect(await run(argv, { io })).toBe(0);
      return io.spinnerTexts;
    };
    const table = await spinnerFor('table');
    expect(table.length).toBeGreaterThan(0);
    expect(table.at(-1)).toBe(`Fetched ${all.length} of ${all.length} edge devices`);
    expect(await spinnerFor('ndjson')).toEqual([]);
    const toFile = await spinnerFor('ndjson', false);
    expect(toFile.at(-1)).toBe(`Fetched ${all.length} of ${all.length} edge devices`);
    expect(await spinnerFor('ndjson', false, false)).toEqual([]);
    expect(await spinnerFor('table', true, false)).toEqual([]);
  });

  it('--fields keeps only those fields, in that order, in every format', async () => {
    const csv = await runCli(['edgedevice', 'list', '--fields', 'serialNumber,uuid', '-o', 'csv'], { env });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('serialNumber,uuid');
    expect(lines).toHaveLength(all.length + 1);
    const json = await runCli(['edgedevice', 'list', '--fields', 'serialNumber,uuid', '--json'], { env });
    expect(Object.keys(JSON.parse(json.stdout)[0])).toEqual(['serialNumber', 'uuid']);
    const yaml = await runCli(['edgedevice', 'list', '--fields', 'uuid', '-o', 'yaml'], { env });
    expect(yaml.stdout).toContain(`- uuid: ${all[0].uuid}`);
    expect(yaml.stdout).not.toContain('serialNumber');
  });

  it('rejects an unknown field with exit 2, listing the valid ones', async () => {
    const r = await runCli(['edgedevice', 'list', '--fields', 'uuid,nope'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"nope"');
    expect(r.stderr).toContain('edgeDeviceName');
    expect(r.stdout).toBe('');
  });

  it.each([[['--page-size', '0']], [['--page-size', '1001']], [['--page', '-1']], [['--limit', 'ten']]])(
    'rejects bad paging flags %j with exit 2',
    async (flags) => {
      const r = await runCli(['edgedevice', 'list', ...flags], { env });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    },
  );

  it('sends the time zone: timestamps come back in it', async () => {
    const r = await runCli(
      [
        'edgedevice',
        'list',
        '--limit',
        '1',
        '--fields',
        'createdOn',
        '--time-zone',
        'Asia/Kolkata',
        '--json',
      ],
      {
        env,
      },
    );
    expect(JSON.parse(r.stdout)[0].createdOn).toMatch(/\+0530$/);
  });
});

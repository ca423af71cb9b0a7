import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TYPE, DEVICE, ORG } from '../fixtures/basic-ids.js';
import { type CliTarget, ndjson, runCli, startCliTarget } from '../helpers/cli.js';

// get, --where, --sort-by, --query, dot-path --fields, -o name and --no-headers over the real server.

let t: CliTarget;
const cli = (args: string[], extra: { stdoutIsTTY?: boolean; width?: number } = {}) =>
  runCli(args, { env: t.env, ...extra });

beforeAll(async () => {
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC' } });
});
afterAll(() => t.close());

describe('get', () => {
  it('edgedevice get finds devices by uuid or serial number, in the order asked', async () => {
    const r = await cli(['edgedevice', 'get', 'SN-1003', DEVICE.gateway1, '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => d.uuid)).toEqual([DEVICE.sensorHub, DEVICE.gateway1]);
  });

  it('exits 4 naming each one not found, and still prints the ones found', async () => {
    const r = await cli([
      'edgedevice',
      'get',
      'SN-1002',
      'SN-NOPE',
      'd0000000-0000-4000-8000-0000000000ff',
      '-o',
      'name',
    ]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe(`${DEVICE.gateway2}\n`);
    expect(r.stderr).toContain('"SN-NOPE"');
    expect(r.stderr).toContain('"d0000000-0000-4000-8000-0000000000ff"');
  });

  it('codetype get takes a uuid or an identifier', async () => {
    const r = await cli(['codetype', 'get', 'DATA_METHOD', CODE_TYPE.deviceKind.toUpperCase(), '-o', 'name']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${CODE_TYPE.dataMethod}\n${CODE_TYPE.deviceKind}\n`);
  });

  it('org get finds sub-organizations of a parent by uuid or name', async () => {
    const r = await cli(['org', 'get', ORG.root, 'Acme West', ORG.sub3, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((o: { uuid: string }) => o.uuid)).toEqual([ORG.sub2, ORG.sub3]);
    const missing = await cli(['org', 'get', ORG.root, 'Acme East Lab']);
    expect(missing.code).toBe(4);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('"Acme East Lab"');
  });

  it('stops walking the listing once every argument is found', async () => {
    // Page size 500: the first page answers, so a second page is never asked for (--verbose traces it).
    const r = await runCli(['--verbose', 'edgedevice', 'get', 'SN-1001', '-o', 'name'], { env: t.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/GET \S*\/edgedevice\/all\/\d+/g)).toHaveLength(1);
  });
});

describe('--where and --sort-by', () => {
  it('keeps records where every condition holds: =, != and ~ (any case)', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--all',
      '--where',
      'location~PUNE',
      '--where',
      'serialNumber!=SN-1002',
      '-o',
      'name',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${DEVICE.gateway1}\n`);
  });

  it('matches any element of a list through a dot path', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--all',
      '--where',
      'edgeFlows.flowId=flow-humidity',
      '-o',
      'name',
    ]);
    expect(r.stdout).toBe(`${DEVICE.gateway1}\n`);
  });

  it('--limit counts the records kept', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--where',
      'isActive=true',
      '--limit',
      '2',
      '--page-size',
      '1',
      '-o',
      'ndjson',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(2);
    expect(ndjson(r.stdout).every((d) => d.isActive === true)).toBe(true);
  });

  it('works on every listing: sub-organizations and code types', async () => {
    const orgs = await cli(['org', 'list', ORG.root, '--where', 'orgName~west', '-o', 'name']);
    expect(orgs.code, orgs.stderr).toBe(0);
    expect(orgs.stdout).toBe(`${ORG.sub2}\n`);
    const types = await cli(['codetype', 'list', '--sort-by', 'codeTypeIdentifier', '-o', 'name']);
    expect(types.stdout).toBe(`${CODE_TYPE.dataMethod}\n${CODE_TYPE.deviceKind}\n`);
    const none = await cli(['codetype', 'list', '--where', 'codes.value=nothing-like-it', '-o', 'name']);
    expect(none.stdout).toBe('');
  });

  it('rejects an unknown field or a condition without an operator (exit 2)', async () => {
    expect((await cli(['edgedevice', 'list', '--where', 'colour=red'])).code).toBe(2);
    expect((await cli(['edgedevice', 'list', '--where', 'location'])).stderr).toContain('FIELD=VALUE');
    expect((await cli(['edgedevice', 'list', '--sort-by', 'nope'])).code).toBe(2);
  });

  it('--sort-by orders the whole listing by a field', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--all',
      '--sort-by',
      'location',
      '-o',
      'ndjson',
      '--query',
      'location',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const locations = ndjson(`${r.stdout}`.replaceAll(/^"(.*)"$/gm, '{"l":"$1"}')).map((x) => String(x.l));
    expect(locations).toEqual([...locations].sort((a, b) => a.localeCompare(b)));
    const help = await cli(['edgedevice', 'list', '--help']);
    expect(help.stdout).toMatch(/--reverse/);
  });

  it('--limit with --sort-by is the first n of the whole listing, --reverse turns the order', async () => {
    const ports = async (...args: string[]) => {
      const r = await cli([
        'edgedevice',
        'list',
        '--page-size',
        '2',
        '--fields',
        'port',
        '-o',
        'csv',
        ...args,
      ]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trim().split('\n').slice(1).map(Number);
    };
    // Pages of two: the lowest ports are on the later pages, not among the first two read.
    expect(await ports('--limit', '2', '--sort-by', 'port')).toEqual([502, 554]);
    expect(await ports('--limit', '2', '--sort-by', 'port', '--reverse')).toEqual([8080, 1883]);
    expect(await ports('--all', '--where', 'port>600', '--where', 'port<=1883')).toEqual([1883, 1883, 1883]);
    expect(await ports('--all', '--where', 'port>=8080')).toEqual([8080]);
    expect((await cli(['edgedevice', 'list', '--reverse'])).stderr).toContain(
      '--reverse goes with --sort-by',
    );
    expect((await cli(['edgedevice', 'list', '--where', 'port>some'])).code).toBe(2);
  });
});

describe('names as people type them', () => {
  it('organization names match in any case, and a near miss is offered the name', async () => {
    const r = await cli(['org', 'get', ORG.root, 'acme WEST', '-o', 'name']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${ORG.sub2}\n`);
    const near = await cli(['org', 'get', ORG.root, 'acme wst']);
    expect(near.code).toBe(4);
    expect(near.stderr).toContain('"acme wst" (did you mean Acme West?)');
  });

  it('the add flags name fields wherever a field is named; a mistyped field is offered the closest', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--all',
      '--fields',
      'serial,ip',
      '--where',
      'serial=SN-1004',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ serialNumber: 'SN-1004', ipAdress: expect.any(String) }]);
    const sorted = await cli([
      'edgedevice',
      'list',
      '--all',
      '--sort-by',
      'Port',
      '--fields',
      'port',
      '-o',
      'csv',
    ]);
    expect(sorted.stdout.split('\n')[1]).toBe('502');
    const typo = await cli(['edgedevice', 'list', '--where', 'locaton=x']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown --where field "locaton" (did you mean location?)');
    const fields = await cli(['edgedevice', 'list', '--fields', 'serail']);
    expect(fields.stderr).toContain('"serail" (did you mean serial?)');
  });

  it('a mistyped time zone is offered the closest zones', async () => {
    const r = await cli(['edgedevice', 'list', '--time-zone', 'Asia/Kolkatta']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"Asia/Kolkatta" (did you mean Asia/Kolkata?)');
  });
});

describe('shaping output', () => {
  it('--query applies to the whole array for json and yaml', async () => {
    const r = await cli(['edgedevice', 'list', '--all', '--query', "[?location=='Dock'].serialNumber"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['SN-1004']);
    const y = await cli(['edgedevice', 'list', '--all', '-o', 'yaml', '--query', 'length(@)']);
    expect(Number(y.stdout.trim())).toBeGreaterThan(5);
  });

  it('--query applies to each record for ndjson, skipping null results', async () => {
    const r = await cli([
      'edgedevice',
      'list',
      '--all',
      '-o',
      'ndjson',
      '--query',
      "location=='Dock' && {s: serialNumber} || null",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([{ s: 'SN-1004' }]);
  });

  it('--query needs a JSON format and a valid expression (exit 2)', async () => {
    expect((await cli(['edgedevice', 'list', '-o', 'csv', '--query', 'uuid'])).code).toBe(2);
    const bad = await cli(['edgedevice', 'list', '--query', '[?']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--query');
  });

  it('--fields takes dot paths, checked against the schema, and keeps the nesting in JSON', async () => {
    const r = await cli(['edgedevice', 'get', 'SN-1001', '--fields', 'uuid,edgeFlows.flowId', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [device] = JSON.parse(r.stdout);
    expect(Object.keys(device)).toEqual(['uuid', 'edgeFlows']);
    expect(device.edgeFlows).toHaveLength(2);
    expect(device.edgeFlows).toContainEqual({ flowId: 'flow-temperature' });
    expect(device.edgeFlows).toContainEqual({ flowId: 'flow-humidity' });
    const bad = await cli(['edgedevice', 'list', '--fields', 'edgeFlows.colour']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('edgeFlows.colour');
  });

  it('csv flattens nested values to dot-path columns; --no-headers drops the header', async () => {
    const r = await cli(['edgedevice', 'get', 'SN-1001', '-o', 'csv']);
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows[0]!['edgeFlows.flowId']!.split(';').sort()).toEqual(['flow-humidity', 'flow-temperature']);
    // No column holds a whole list as JSON (a flow's own flowJSON is a string the service stores).
    expect(Object.keys(rows[0]!)).not.toContain('edgeFlows');
    expect(r.stdout).not.toContain('[{""flowId""');
    const bare = await cli([
      'edgedevice',
      'get',
      'SN-1001',
      '-o',
      'csv',
      '--fields',
      'uuid,serialNumber',
      '--no-headers',
    ]);
    expect(bare.stdout).toBe(`${DEVICE.gateway1},SN-1001\n`);
    const table = await cli(['edgedevice', 'get', 'SN-1001', '--no-headers', '--fields', 'serialNumber'], {
      stdoutIsTTY: true,
    });
    expect(table.stdout).not.toContain('Serial number');
    expect(table.stdout).toContain('SN-1001');
  });

  it('-o name prints one uuid a line', async () => {
    const r = await cli(['edgedevice', 'list', '--all', '-o', 'name']);
    const names = r.stdout.trim().split('\n');
    expect(names.length).toBeGreaterThan(5);
    for (const n of names) expect(n).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says on stderr how to get the next page, under a full single page on a terminal', async () => {
    const r = await cli(['edgedevice', 'list', '--page-size', '2'], { stdoutIsTTY: true, width: 200 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('--page 1');
    expect(r.stderr).toContain('--all');
    expect(r.stdout).not.toContain('--page');
    const piped = await cli(['edgedevice', 'list', '--page-size', '2']);
    expect(piped.stderr).toBe('');
  });
});

// What a script and a person can rely on when writing (cli.md "Trust"): input files are read exactly,
// writes print what was saved, and a bulk add stopped by Ctrl-C or a lost answer says what happened.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, ORG, USER } from '../../fixtures/basic-ids.js';
import { ndjson } from '../../helpers/cli.js';
import { devicesCsv, spawnWatching, type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
});

const add = ['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin];
const countOf = (prefix: string) =>
  w.query<{ n: number }>(
    'SELECT count(*) AS n FROM edge_devices WHERE org_uuid = ? AND serial_number LIKE ?',
    ORG.root,
    `SN-${prefix}-%`,
  )[0]!.n;

describe('input files', () => {
  it('an unknown column is a usage error naming the closest field; --ignore-unknown drops it', async () => {
    const file = w.file('typo.csv', 'edgeDeviceName,serialNumber,ipAddress\na,SN-T-1,10.0.0.1\n');
    const res = await w.ccp([...add, '-f', file, '--dry-run']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${file}:1: ipAddress: unknown column; did you mean ipAdress?`);
    expect(res.stderr).toContain('--ignore-unknown');
    const ok = await w.ccp([...add, '-f', file, '--dry-run', '--ignore-unknown']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).envelope.data[0]).toEqual({ edgeDeviceName: 'a', serialNumber: 'SN-T-1' });
  });

  it('an unknown field of a JSON record is refused too, on every write that reads -f', async () => {
    const file = w.file('orgs.json', JSON.stringify([{ uuid: ORG.sub2, orgNmae: 'x' }]));
    const res = await w.ccp(['org', 'update', '-f', file, '--dry-run']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('orgNmae: unknown field; did you mean orgName?');
  });

  it('CSV columns may be the flag names, and the devices are saved with every field', async () => {
    const file = w.file('flags.csv', 'name,serial,ip,port,location\npump,SN-F-1,10.0.0.9,1881,Hall B\n');
    const res = await w.ccp([...add, '-f', file, '-o', 'ndjson']);
    expect(res.code, res.stderr).toBe(0);
    const [device] = ndjson(res.stdout);
    expect(device).toMatchObject({
      edgeDeviceName: 'pump',
      ipAdress: '10.0.0.9',
      port: 1881,
      location: 'Hall B',
    });
    expect(device).toHaveProperty('createdOn');
  });

  it('--skeleton --format csv prints a header row that reads back', async () => {
    const res = await w.ccp(['edgedevice', 'add', '--skeleton', '--format', 'csv']);
    expect(res.code, res.stderr).toBe(0);
    const [header] = res.stdout.split('\n');
    expect(header).toMatch(/^edgeDeviceName,serialNumber,ipAdress,port/);
    const nd = await w.ccp(['org', 'options', 'add', '--skeleton', '--format', 'ndjson']);
    expect(JSON.parse(nd.stdout)).toMatchObject({ key: 'retention.days' });
  });
});

describe('output of writes', () => {
  it('add with flags and -o json prints the whole saved record; the summary goes to stderr', async () => {
    const res = await w.ccp([...add, '--name', 'one', '--serial', 'SN-W-1', '--port', '1880', '-o', 'json']);
    expect(res.code, res.stderr).toBe(0);
    const [device] = JSON.parse(res.stdout);
    expect(device).toMatchObject({ serialNumber: 'SN-W-1', port: 1880, orgUUID: ORG.root });
    expect(device.createdOn).toBeTruthy();
    expect(res.stderr).toContain('Saved 1 edge device');
    // Run twice: the service's error names the serial, once.
    const again = await w.ccp([...add, '--name', 'one', '--serial', 'SN-W-1']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('SN-W-1');
    expect(again.stderr.match(/CCP-DM-006/g)).toHaveLength(1);
  });

  it('push --flow takes any JSON file; a Node-RED export names the flow by its tab', async () => {
    const plain = w.file('flow.json', '{"nodes":[{"id":"n1"}]}');
    const res = await w.ccp(['edgedevice', 'push', DEVICE.gateway2, '--flow', plain, '--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    const flow = JSON.parse(res.stdout).envelope.data[0].edgeFlows[0];
    expect(flow).toMatchObject({ flowId: 'flow', flowName: 'flow', flowJSON: '{"nodes":[{"id":"n1"}]}' });
    const red = w.file('red.json', '{"rev":"1","flows":[{"id":"t9","type":"tab","label":"Main"}]}');
    const pushed = await w.ccp(['edgedevice', 'push', DEVICE.gateway2, '--flow', red, '--dry-run']);
    expect(JSON.parse(pushed.stdout).envelope.data[0].edgeFlows[0]).toMatchObject({
      flowId: 't9',
      flowName: 'Main',
    });
  });
});

describe('bulk add stopped early', () => {
  it('Ctrl-C prints what was saved and the resuming command, keeps the saved records, and exits 130', async () => {
    const file = w.file('int.csv', devicesCsv(3000, 'I'));
    let answered = 0;
    const res = await spawnWatching(
      [
        ...add,
        '-f',
        file,
        '--batch-size',
        '20',
        '--verbose',
        '-o',
        'ndjson',
        '--base-url',
        w.srv.url,
        '--token',
        w.srv.tokens.admin,
      ],
      w.env,
      (line, child) => {
        if (/^< 200 /.test(line) && ++answered === 3) child.kill('SIGINT');
      },
    );
    expect(res.code, res.stderr).toBe(130);
    expect(res.stderr).toMatch(/^Cancelled\.$/m);
    // The token is never printed, not even in the command that resumes.
    expect(res.stderr).not.toContain(w.srv.tokens.admin);
    expect(res.stderr).toContain('--token "$CCP_TOKEN"');
    expect(res.stderr).toMatch(/saved: +lines 2-/);
    expect(res.stderr).toContain(`Resume with: ccp ${add.join(' ')} -f ${file}`);
    expect(res.stderr).toContain('--skip-existing');
    // Every record saved is in the journal beside the input, appended before the batch counts as saved.
    const journal = file.replace(/\.csv$/, '.saved.ndjson');
    expect(existsSync(journal)).toBe(true);
    const kept = ndjson(readFileSync(journal, 'utf8'));
    expect(res.stderr).toContain(`Saved ${kept.length} of 3000 edge devices.`);
    // stdout has them too, but for a batch whose printing Ctrl-C may have cut short.
    const printed = ndjson(res.stdout);
    expect(kept.slice(0, printed.length)).toEqual(printed);
    expect(kept.length - printed.length).toBeLessThanOrEqual(20);
    const stored = countOf('I');
    expect(kept.length).toBeGreaterThanOrEqual(60);
    // A batch in flight at Ctrl-C may have been stored: it is reported as outcome unknown, not as saved.
    expect(stored - kept.length).toBeLessThanOrEqual(20);
    if (stored > kept.length) expect(res.stderr).toContain('outcome unknown');
  });

  it('Ctrl-C stops an add on the embedded default too, between two batches, and exits 130', async () => {
    // In process every step of a batch can resolve at once; the loop must still let node see the signal.
    const file = w.file('int-local.csv', devicesCsv(3000, 'J'));
    let answered = 0;
    const res = await spawnWatching(
      [...add, '-f', file, '--batch-size', '20', '--verbose', '-o', 'ndjson', '--db', w.srv.dbPath],
      w.env,
      (line, child) => {
        if (/^< 200 /.test(line) && ++answered === 3) child.kill('SIGINT');
      },
    );
    expect(res.code, res.stderr).toBe(130);
    expect(res.stderr).toMatch(/^Cancelled\.$/m);
    const kept = ndjson(readFileSync(file.replace(/\.csv$/, '.saved.ndjson'), 'utf8'));
    expect(res.stderr).toContain(`Saved ${kept.length} of 3000 edge devices.`);
    expect(kept.length).toBeLessThan(3000);
    // Stopped between batches: every batch sent was answered and journalled.
    expect(countOf('J')).toBe(kept.length);
  });

  it('a batch whose answer was lost is outcome unknown, counted apart from saved and failed', async () => {
    // A service that saves every batch but drops the connection instead of answering the second one.
    let posts = 0;
    const fake: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (++posts === 2) return req.socket.destroy();
        const data = JSON.parse(body).data.map((d: object, k: number) => ({
          ...d,
          uuid: `00000000-0000-4000-8000-00000000000${k}`,
        }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ statusCode: 'OK', reason: null, data }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      const lines = [
        'edgeDeviceName,serialNumber',
        'a,SN-U-1',
        'b,SN-U-2',
        'c,SN-U-3',
        'd,SN-U-4',
        'e,SN-U-5',
        'f,SN-U-6',
      ];
      const file = w.file('lost.csv', `${lines.join('\n')}\n`);
      const res = await spawnWatching(
        [
          ...add,
          '-f',
          file,
          '--batch-size',
          '2',
          '--continue-on-error',
          '-o',
          'ndjson',
          '--base-url',
          url,
          '--token',
          't',
        ],
        w.env,
        () => {},
      );
      expect(res.code, res.stderr).toBe(5);
      expect(res.stderr).toContain('Saved 4 of 6 edge devices.');
      expect(res.stderr).toMatch(/saved: +lines 2-3, 6-7/);
      expect(res.stderr).toMatch(/outcome unknown \(sent, no answer came\): lines 4-5/);
      expect(res.stderr).not.toMatch(/failed: +lines/);
      // Rows whose outcome is unknown are not in the failed file: a re-run with --skip-existing settles them.
      expect(existsSync(file.replace(/\.csv$/, '.failed.csv')), res.stderr).toBe(false);
    } finally {
      await new Promise((r) => fake.close(r));
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG, USER } from '../../fixtures/basic-ids.js';
import { devicesCsv, spawnWatching, type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
});

const add = ['edgedevice', 'add', '--org', ORG.root, '--user', USER.admin];
const serialsOf = (prefix: string) =>
  w.query<{ serial_number: string; n: number }>(
    'SELECT serial_number, count(*) AS n FROM edge_devices WHERE org_uuid = ? AND serial_number LIKE ? GROUP BY serial_number',
    ORG.root,
    `SN-${prefix}-%`,
  );

describe('ccp edgedevice add -f (bulk)', () => {
  it('an add interrupted by the server stopping, re-run with --skip-existing, ends with exactly the file', async () => {
    const rows = 2000;
    const file = w.file('bulk.csv', devicesCsv(rows, 'B'));
    const before = w.query<{ n: number }>('SELECT count(*) AS n FROM edge_devices')[0]!.n;

    // Stop the server after the fifth batch was answered; later batches meet a closed port.
    let answered = 0;
    let stopping: Promise<void> | undefined;
    const first = await spawnWatching(
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
      (line) => {
        if (/^< 200 /.test(line) && ++answered === 5) stopping = w.srv.restart();
      },
    );
    await stopping;
    expect(first.code, first.stderr).toBe(5);
    const savedFirst = serialsOf('B').length;
    expect(savedFirst).toBeGreaterThanOrEqual(100);
    expect(savedFirst).toBeLessThan(rows);
    // What was saved is printed, and the rows are told by line.
    expect(first.stdout.trim().split('\n')).toHaveLength(savedFirst);
    expect(first.stderr).toMatch(new RegExp(`saved: +lines 2-${savedFirst + 1}\\b`));
    expect(first.stderr).toMatch(/--skip-existing/);

    const second = await w.ccp([
      ...add,
      '-f',
      file,
      '--skip-existing',
      '--batch-size',
      '100',
      '-o',
      'ndjson',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`Skipping ${savedFirst} devices whose serial number exists.`);
    expect(second.stdout.trim().split('\n')).toHaveLength(rows - savedFirst);

    const all = serialsOf('B');
    expect(all).toHaveLength(rows);
    expect(all.every((r) => r.n === 1)).toBe(true);
    const expected = Array.from({ length: rows }, (_, i) => `SN-B-${i}`).sort();
    expect(all.map((r) => r.serial_number).sort()).toEqual(expected);
    expect(w.query<{ n: number }>('SELECT count(*) AS n FROM edge_devices')[0]!.n).toBe(before + rows);
  });

  it("--skip-existing skips only the organization's own serials: a sub-organization's same serial is added", async () => {
    // The admin token sees the sub-organization's devices in the listing too.
    const sub = await w.ccp(
      ['edgedevice', 'add', '--org', ORG.sub1, '--user', USER.admin, '-f', '-', '--format', 'csv'],
      {
        input: 'name,serial\nSub device,SN-S-0\n',
      },
    );
    expect(sub.code, sub.stderr).toBe(0);
    const file = w.file('skip-org.csv', devicesCsv(2, 'S'));
    const res = await w.ccp([...add, '-f', file, '--skip-existing', '-o', 'ndjson']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toMatch(/Skipping/);
    expect(
      serialsOf('S')
        .map((r) => r.serial_number)
        .sort(),
    ).toEqual(['SN-S-0', 'SN-S-1']);
  });

  it('--skip-existing skips a device whose serial only reads like a stored one; a file repeating one by look is refused', async () => {
    const stored = await w.ccp([...add, '-f', '-', '--format', 'csv'], {
      input: 'name,serial\nCafe,caf\u00e9-K\n',
    });
    expect(stored.code, stored.stderr).toBe(0);
    const file = w.file(
      'look-alike.ndjson',
      [
        JSON.stringify({ edgeDeviceName: 'Cafe again', serialNumber: 'cafe\u0301-K\u200b ' }),
        JSON.stringify({ edgeDeviceName: 'New', serialNumber: 'SN-K-1' }),
      ].join('\n'),
    );
    const res = await w.ccp([...add, '-f', file, '--skip-existing', '-o', 'ndjson']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('Skipping 1 device whose serial number exists.');
    expect(
      res.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).serialNumber),
    ).toEqual(['SN-K-1']);
    const repeats = w.file('repeats.csv', 'name,serial\na,SN-K-2\nb,SN-K-2\u200b\n');
    const refused = await w.ccp([...add, '-f', repeats]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"SN-K-2\u200b" repeats line 2 ("SN-K-2"), read the same');
  });

  it('prints the saved records as the service answered them (its listing order), not re-sorted', async () => {
    const file = w.file('answer-order.csv', devicesCsv(20, 'O'));
    const res = await w.ccp([...add, '-f', file, '-o', 'ndjson']);
    expect(res.code, res.stderr).toBe(0);
    const uuids = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).uuid as string);
    expect(uuids).toHaveLength(20);
    // One batch, one creation time: the service answers by uuid, as its listing orders them.
    expect(uuids).toEqual([...uuids].sort());
  });

  it('without --batch-size a file goes 1,000 devices a request, and large devices in requests the service takes', async () => {
    const small = await w.ccp([...add, '-f', w.file('default-batch.csv', devicesCsv(1500, 'D')), '-q']);
    expect(small.code, small.stderr).toBe(0);
    expect(serialsOf('D')).toHaveLength(1500);
    const dry = await w.ccp([
      ...add,
      '-f',
      w.file('default-batch-dry.csv', devicesCsv(1500, 'R')),
      '--dry-run',
    ]);
    expect(dry.stdout.match(/"method": ?"POST"/g)).toHaveLength(2);

    // 150 devices of four 4,000-character texts: 100 of them (the default before) were a body past the
    // service's 1 MiB, refused with 413.
    const long = (c: string) => c.repeat(4000);
    const rows = Array.from(
      { length: 150 },
      (_, i) => `${long('n')},SN-L-${i},${long('l')},${long('s')},${long('d')}`,
    );
    const file = w.file(
      'large.csv',
      `edgeDeviceName,serialNumber,location,shortDescription,longDescription\n${rows.join('\n')}\n`,
    );
    const large = await w.ccp([...add, '-f', file, '-o', 'ndjson']);
    expect(large.code, large.stderr).toBe(0);
    expect(large.stdout.trim().split('\n')).toHaveLength(150);
    expect(large.stderr).toMatch(/Saved 150 edge devices in [2-9] batches/);
    expect(serialsOf('L')).toHaveLength(150);
  });

  it('--continue-on-error writes the failed rows next to the input, and they add cleanly later', async () => {
    // The second batch clashes with a serial number the fixture already has.
    const existing = w.query<{ serial_number: string }>(
      'SELECT serial_number FROM edge_devices WHERE org_uuid = ? LIMIT 1',
      ORG.root,
    )[0]!.serial_number;
    const lines = [
      'edgeDeviceName,serialNumber',
      'a,SN-C-1',
      'b,SN-C-2',
      'c,SN-C-3',
      `d,${existing}`,
      'e,SN-C-5',
      'f,SN-C-6',
    ];
    const file = w.file('clash.csv', `${lines.join('\n')}\n`);
    const res = await w.ccp([...add, '-f', file, '--batch-size', '2', '--continue-on-error', '-o', 'json']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Batch 2 of 3 (lines 4-5) failed: CCP-DM-006');
    expect(res.stderr).toMatch(/saved: +lines 2-3, 6-7/);
    expect(res.stderr).toMatch(/failed: +lines 4-5/);
    // Printed as the service answered each batch (its own order within a batch), batch after batch.
    const printed = JSON.parse(res.stdout).map((d: { serialNumber: string }) => d.serialNumber);
    expect([printed.slice(0, 2).sort(), printed.slice(2).sort()]).toEqual([
      ['SN-C-1', 'SN-C-2'],
      ['SN-C-5', 'SN-C-6'],
    ]);
    const failedPath = file.replace(/clash\.csv$/, 'clash.failed.csv');
    expect(res.stderr).toContain(failedPath);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(failedPath, 'utf8')).toBe(`edgeDeviceName,serialNumber\nc,SN-C-3\nd,${existing}\n`);
  });
});

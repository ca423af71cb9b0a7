// End-to-end: licenses found by what support staff hold (cli.md, "The first hour"): `license list` and
// `license get`, and `activate|deactivate` by key, serial number or uuid, on the embedded default's demo data
// (the twin read by its indexes) and against a served twin (its licenses report), with the real bin/ccp.js.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Lic {
  uuid: string;
  serialNumber: string;
  licenseDetails: { remainingDays: number; license: { licenseKey: string; status: string; active: boolean } };
}

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let licenses: Lic[];
const bySerial = (serial: string) => licenses.find((l) => l.serialNumber === serial)!;

beforeAll(async () => {
  tmp = await tempDir('ccp-licenses-');
  env = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: 'UTC', CCP_PAGER: '' });
  const first = await spawnCcp(['license', 'list'], { env });
  expect(first.code, first.stderr).toBe(0);
  licenses = JSON.parse(first.stdout);
});

afterAll(async () => {
  await tmp?.remove();
});

const plain = (text: string) =>
  stripVTControlCharacters(text.split('\u001b[1G').join('\r'))
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');

async function status(key: string): Promise<string> {
  const r = await spawnCcp(
    ['license', 'get', key, '--fields', 'licenseDetails.license.status', '-o', 'ndjson'],
    {
      env,
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).licenseDetails.license.status;
}

describe('license list and get on the embedded default (demo data)', () => {
  it('list: every license of the scope, as a listing in every format', async () => {
    expect(licenses.map((l) => l.serialNumber).sort()).toEqual([
      'LIC-2024-007',
      'LIC-2026-001',
      'LIC-2026-014',
    ]);
    const active = await spawnCcp(
      ['license', 'list', '--where', 'licenseDetails.license.status=ACTIVE', '-o', 'name'],
      {
        env,
      },
    );
    expect(active.stdout).toBe(`${bySerial('LIC-2026-001').uuid}\n`);
    const sorted = await spawnCcp(
      [
        'license',
        'list',
        '--sort-by',
        'serialNumber',
        '--fields',
        'serialNumber',
        '-o',
        'csv',
        '--no-headers',
      ],
      { env },
    );
    expect(sorted.stdout).toBe('LIC-2024-007\nLIC-2026-001\nLIC-2026-014\n');
  });

  it('list on the twin gives what the licenses report holds, record for record', async () => {
    const report = await spawnCcp(
      ['report', 'download', '--template', 'licenses', '--type', 'json', '-O', '-'],
      {
        env,
      },
    );
    expect(report.code, report.stderr).toBe(0);
    const list = await spawnCcp(['license', 'list', '--all'], { env });
    expect(JSON.parse(list.stdout)).toEqual(JSON.parse(report.stdout).records);
  });

  it('list on a narrow terminal keeps the key, serial number and uuid while status and days left give way', async () => {
    const at100 = runInPty(['license', 'list'], env, { cols: 100 });
    expect((await at100.exited).code, at100.text()).toBe(0);
    const hundred = plain(at100.text());
    expect(hundred).toMatch(/│ License key\s+│ Serial number │ Status\s+│ UUID\s+│/);
    expect(hundred).toMatch(/│ ACME-LIC-2024-007-[0-9A-F]{8} │ LIC-2024-007\s+│ EXPIRED\s+│ [0-9a-f-]{36} │/);
    expect(hundred).toContain('Left out to fit 100 columns: Days left');
    for (const line of hundred.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
    // Key, serial number and uuid alone take 85 columns: the uuid goes, and what fits beside the key comes back.
    const at80 = runInPty(['license', 'list'], env, { cols: 80 });
    expect((await at80.exited).code, at80.text()).toBe(0);
    const eighty = plain(at80.text());
    expect(eighty).toMatch(/│ License key\s+│ Serial number │ Status\s+│ Days left │/);
    expect(eighty).toMatch(/│ ACME-LIC-2024-007-[0-9A-F]{8} │ LIC-2024-007\s+│ EXPIRED\s+│ 0\s+│/);
    expect(eighty).toContain('Left out to fit 80 columns: UUID');
    for (const line of eighty.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const widePty = runWide(['license', 'list']);
    await widePty.exited;
    const wide = plain(widePty.text());
    expect(wide).toMatch(/│ License key\s+│ Serial number │ Status\s+│ Days left │ UUID\s+│/);
  });

  it('get: by serial number, license key or uuid, one record each; a detail view on a terminal', async () => {
    const lic = bySerial('LIC-2024-007');
    const r = await spawnCcp(
      ['license', 'get', 'LIC-2024-007', lic.licenseDetails.license.licenseKey, lic.uuid.toUpperCase()],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((l: Lic) => l.uuid)).toEqual([lic.uuid]);
    const pty = runWide(['license', 'get', 'LIC-2024-007']);
    expect((await pty.exited).code).toBe(0);
    expect(plain(pty.text())).toMatch(/Serial number:\s+LIC-2024-007/);
  });

  it('get: a key or serial number as people type or paste it: in any case, with spaces around', async () => {
    const lic = bySerial('LIC-2026-014');
    const key = lic.licenseDetails.license.licenseKey;
    const r = await spawnCcp(
      ['license', 'get', key.toLowerCase(), ' lic-2026-014', `${key}\n`, ` ${lic.uuid.toUpperCase()} `],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((l: Lic) => l.uuid)).toEqual([lic.uuid]);
    // A key cut short is offered the one it starts, whatever its case.
    const cut = await spawnCcp(['license', 'get', key.slice(0, 17).toLowerCase()], { env });
    expect(cut.code).toBe(4);
    expect(cut.stderr).toContain(`(did you mean ${key}?)`);
  });

  it('get: a key nothing answers to is exit 4, naming it, with the closest key held', async () => {
    const r = await spawnCcp(['license', 'get', 'LIC-2024-070'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no license with key, serial number or uuid "LIC-2024-070"');
    expect(r.stderr).toContain('LIC-2024-007');
  });
});

function runWide(args: string[]) {
  return runInPty(args, env, { cols: 160, rows: 60 });
}

describe('license activate|deactivate by what support staff hold', () => {
  it('a license already active says so, exit 0, and sends nothing (its update time stays)', async () => {
    const before = await spawnCcp(
      ['license', 'get', 'LIC-2026-001', '--fields', 'updatedOn', '-o', 'ndjson'],
      { env },
    );
    const r = await spawnCcp(['license', 'activate', 'LIC-2026-001'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('License LIC-2026-001 is already active');
    expect(r.stderr).not.toContain('Activated');
    expect(JSON.parse(r.stdout)[0].uuid).toBe(bySerial('LIC-2026-001').uuid);
    const after = await spawnCcp(
      ['license', 'get', 'LIC-2026-001', '--fields', 'updatedOn', '-o', 'ndjson'],
      { env },
    );
    expect(after.stdout).toBe(before.stdout);
  });

  it('deactivate and activate by license key: each changes it once, then says it is already so', async () => {
    const key = bySerial('LIC-2026-001').licenseDetails.license.licenseKey;
    const off = await spawnCcp(['license', 'deactivate', key], { env });
    expect(off.code, off.stderr).toBe(0);
    expect(off.stderr).toContain(`Deactivated license ${key} (${bySerial('LIC-2026-001').uuid})`);
    expect(await status('LIC-2026-001')).toBe('INACTIVE');
    const again = await spawnCcp(['license', 'deactivate', key, '--yes'], { env });
    expect(again.stderr).toContain(`License ${key} is already inactive`);
    const on = await spawnCcp(['license', 'activate', key], { env });
    expect(on.code, on.stderr).toBe(0);
    expect(on.stderr).toContain('Activated license');
    expect(on.stderr).not.toContain('Warning');
    expect(await status('LIC-2026-001')).toBe('ACTIVE');
  });

  it('a key given in lower case with spaces around is named as the license spells it', async () => {
    const key = bySerial('LIC-2026-001').licenseDetails.license.licenseKey;
    const r = await spawnCcp(['license', 'activate', ` ${key.toLowerCase()} `], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`License ${key} is already active: nothing was sent.`);
    const serial = await spawnCcp(['license', 'activate', ' lic-2024-007', '--dry-run'], { env });
    expect(serial.code, serial.stderr).toBe(0);
    expect(serial.stderr).toContain('Warning: the term of license LIC-2024-007 ended on 2024-12-31 23:59.');
  });

  it('an unknown key is exit 4 and sends nothing', async () => {
    const r = await spawnCcp(['license', 'activate', 'LIC-1999-001'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no license with key, serial number or uuid "LIC-1999-001"');
  });

  it('--dry-run with a key prints the request for the uuid it names', async () => {
    const r = await spawnCcp(['license', 'deactivate', 'LIC-2026-014', '--dry-run'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain(`/license/${bySerial('LIC-2026-014').uuid}/deactivate`);
  });

  it('on a terminal at 80 columns, an ended term warns with its date and asks; No sends nothing', async () => {
    const pty = runInPty(['license', 'activate', 'LIC-2024-007'], env, { cols: 80 });
    await pty.waitFor(/Activate license LIC-2024-007 anyway\?/);
    pty.type('n\r');
    expect((await pty.exited).code, pty.text()).toBe(0);
    const text = plain(pty.text());
    expect(text).toContain('Warning: the term of license LIC-2024-007 ended on 2024-12-31 23:59.');
    expect(text).toContain('Not activated: nothing was sent.');
    // ccp's own lines fit (the prompt's redraws are the prompt library's).
    for (const line of text.split('\n').filter((l) => !l.includes('anyway?')))
      expect(line.length, line).toBeLessThanOrEqual(80);
    expect(await status('LIC-2024-007')).toBe('EXPIRED');
  });

  it('on a terminal without a key, the licenses are offered to pick by serial, status and key', async () => {
    const expired = bySerial('LIC-2024-007');
    const pty = runInPty(['license', 'activate'], env, { cols: 100 });
    await pty.waitFor(/License key or uuid/);
    await pty.waitFor(/LIC-2026-014 {2}\w+ {2}\d+ days left/);
    // Narrowed as one types (in any case), then picked.
    pty.type('lic-2024');
    await pty.waitFor(
      new RegExp(`❯ LIC-2024-007 {2}EXPIRED {2}0 days left {2}${expired.licenseDetails.license.licenseKey}`),
    );
    pty.type('\r');
    await pty.waitFor(/anyway\?/);
    pty.type('n\r');
    expect((await pty.exited).code, pty.text()).toBe(0);
    expect(plain(pty.text())).toContain(`term of license ${expired.licenseDetails.license.licenseKey} ended`);
    expect(await status('LIC-2024-007')).toBe('EXPIRED');
  });

  it('on a terminal, --yes goes on without asking, still warning', async () => {
    const pty = runInPty(['license', 'activate', 'LIC-2024-007', '--yes'], env, { cols: 80 });
    expect((await pty.exited).code, pty.text()).toBe(0);
    const text = plain(pty.text());
    expect(text).toContain('Warning: the term of license LIC-2024-007 ended on 2024-12-31 23:59.');
    expect(text).not.toContain('anyway?');
    expect(text).toContain('Activated license LIC-2024-007');
    expect(await status('LIC-2024-007')).toBe('ACTIVE');
    await spawnCcp(['license', 'deactivate', 'LIC-2024-007'], { env });
  });

  it('without a terminal, an ended term warns and goes on', async () => {
    const r = await spawnCcp(['license', 'activate', 'LIC-2024-007'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Warning: the term of license LIC-2024-007 ended on 2024-12-31 23:59.');
    expect(JSON.parse(r.stdout)[0].licenseDetails.license.status).toBe('ACTIVE');
  });
});

describe('against a served twin: the licenses report is what ccp reads', () => {
  let srv: TestServer;
  let remote: NodeJS.ProcessEnv;
  beforeAll(async () => {
    srv = await startTestServer();
    remote = { ...env, CCP_BASE_URL: srv.url, CCP_TOKEN: srv.tokens.admin };
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('list sends POST /download for the licenses report, and lists its records', async () => {
    const r = await spawnCcp(['license', 'list', '--fields', 'uuid,serialNumber', '--verbose'], {
      env: remote,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/POST \S*\/download/);
    expect(
      JSON.parse(r.stdout)
        .map((l: Lic) => l.serialNumber)
        .sort(),
    ).toEqual(['LIC-0001', 'LIC-0002']);
  });

  it('activate by key: the report resolves it; an ended term warns naming its date', async () => {
    const r = await spawnCcp(['license', 'activate', 'ACME-TRIAL-2025'], { env: remote });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Warning: the term of license ACME-TRIAL-2025 ended on 2025-12-31 23:59.');
    expect(JSON.parse(r.stdout)[0].uuid).toBe(LICENSE.expired);
    const again = await spawnCcp(['license', 'activate', 'LIC-0002'], { env: remote });
    expect(again.stderr).toContain('License LIC-0002 is already active');
  });

  it('a key typed in another case, pasted with spaces, is found in the report too', async () => {
    // Its key and its serial number, each as a person might give them: one license.
    const r = await spawnCcp(['license', 'get', ' acme-trial-2025 ', 'lic-0002', '--fields', 'uuid'], {
      env: remote,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ uuid: LICENSE.expired }]);
  });

  it('the PUT carries no body (the operation reads none), and the served twin takes it', async () => {
    const r = await spawnCcp(['license', 'deactivate', LICENSE.expired, '--yes', '--verbose'], {
      env: remote,
    });
    expect(r.code, r.stderr).toBe(0);
    const put = r.stderr.slice(r.stderr.indexOf(`> PUT ${srv.url}/license/${LICENSE.expired}/deactivate`));
    const sent = put.slice(0, put.indexOf('\n<'));
    expect(sent).toContain('> PUT');
    expect(sent).not.toContain('content-type');
    expect(sent).not.toMatch(/bytes\)/);
    expect(JSON.parse(r.stdout)[0].licenseDetails.license.status).toBe('INACTIVE');
    const dry = await spawnCcp(['license', 'activate', LICENSE.expired, '--dry-run'], { env: remote });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ method: 'PUT', envelope: null });
  });
});

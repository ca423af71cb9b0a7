// Narrow terminals (cli.md "What operators reach for"): on a pseudo-terminal of 60, 80 and 120 columns, no
// line of a table, its note or a detail view is wider than the terminal (measured as cli-table3 measures,
// with string-width: wide characters take two columns); uuids and serial numbers stay whole; a column that
// fits is not left out; free text is cut with `…`.
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '../../src/server/loading/demo.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let devices: Array<{ uuid: string; serialNumber: string; orgUUID: string }>;
// The demo data's root organization: its uuids are the same on every run.
const root = demoFixture().configuration.orgUuid;
// As long as a uuid, and one of wide characters: what made every line 97 columns wide at 80.
const LONG = 'Vision node Chennai Assembly 0008 ab';
const WIDE = '東京ポンプ東京ポンプ東京ポンプ north';

beforeAll(async () => {
  tmp = await tempDir('ccp-narrow-');
  env = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: 'UTC', CCP_PAGER: '' });
  const first = await spawnCcp(['edgedevice', 'list', '--fields', 'uuid,serialNumber,orgUUID'], { env });
  expect(first.code, first.stderr).toBe(0);
  const org = (JSON.parse(first.stdout) as Array<{ orgUUID: string }>)[0]!.orgUUID;
  for (const [name, serial] of [
    [LONG, 'SN-LONG-1'],
    [WIDE, 'SN-WIDE-1'],
  ]) {
    const args = ['edgedevice', 'add', '--org', org, '--user', org, '--name', name!, '--serial', serial!];
    const add = await spawnCcp(
      [...args, '--ip', '10.0.0.1', '--port', '1880', '--location', 'Tokyo, hall 12'],
      {
        env,
      },
    );
    expect(add.code, add.stderr).toBe(0);
  }
  const all = await spawnCcp(['edgedevice', 'list', '--all', '--fields', 'uuid,serialNumber,orgUUID'], {
    env,
  });
  devices = JSON.parse(all.stdout);
}, 90_000);
afterAll(async () => {
  await tmp?.remove();
});

/** What the terminal shows: a return to column 1 overwrites the line (a spinner's last frame). */
const plain = (text: string) =>
  stripVTControlCharacters(text.split('\u001b[1G').join('\r'))
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');

async function shown(args: string[], cols: number): Promise<string[]> {
  const pty = runInPty(args, env, { cols, rows: 50 });
  expect((await pty.exited).code, pty.text()).toBe(0);
  return plain(pty.text()).split('\n');
}

function expectFits(lines: string[], cols: number): void {
  for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(cols);
}

describe.each([60, 80, 120])('at %i columns', (cols) => {
  it('edgedevice list: no line wider, uuids and serial numbers whole, names cut with …', async () => {
    const lines = await shown(['edgedevice', 'list', '--all'], cols);
    expectFits(lines, cols);
    const text = lines.join('\n');
    for (const d of devices) {
      expect(text).toContain(`│ ${d.uuid} │`);
      expect(text).toContain(` ${d.serialNumber} `);
    }
    expect(text).toMatch(/Left out to fit \d+ columns: /);
    // The name is cut only where it alone would not fit beside the uuid and the serial number.
    if (cols === 80) expect(text).toMatch(/│ Vision[^│]*… │/);
    if (cols === 120) expect(text).toContain(` ${LONG} `);
    if (cols < 120) expect(text).not.toContain(LONG);
  });

  it('get of a device with a flow: the detail view fits, its uuid whole', async () => {
    const lines = await shown(['edgedevice', 'get', 'SN-LONG-1'], cols);
    expectFits(lines, cols);
    const flows = await shown(['edgedevice', 'get', devices[0]!.serialNumber], cols);
    expectFits(flows, cols);
    expect(flows.join('\n')).toContain(devices[0]!.uuid);
  });
});

describe('no column that fits is left out', () => {
  it('at 120 columns edgedevice list shows Port (the table was 108 wide without it)', async () => {
    const lines = await shown(['edgedevice', 'list'], 120);
    const header = lines.find((l) => l.includes('UUID'))!;
    for (const h of ['UUID', 'Name', 'Serial number', 'IP address', 'Port']) {
      expect(header).toContain(` ${h} `);
    }
    expectFits(lines, 120);
  });

  it('at 120 columns org list shows the parent uuid, and says what it cut and left out in lines that fit', async () => {
    const lines = await shown(['org', 'list', root], 120);
    const header = lines.find((l) => l.includes('UUID'))!;
    expect(header).toContain(' Organization UUID ');
    expectFits(lines, 120);
    const narrow = await shown(['org', 'list', root], 60);
    expectFits(narrow, 60);
    const note = narrow.join('\n');
    expect(note).toMatch(/Left out to fit 60 columns: /);
    // Short names stay whole: what else there is goes first.
    expect(note).toContain('│ Acme West ');
    expect(note).not.toMatch(/cut: Name/);
  });
});

describe('tables keep the name (at 80 columns)', () => {
  it('edgedevice list and org list leave out yes/no columns and timestamps before cutting a name', async () => {
    const page = await spawnCcp(['edgedevice', 'list', '--fields', 'edgeDeviceName'], { env });
    // Uuid, serial number and three rules leave the name 20 columns.
    const fitting = (JSON.parse(page.stdout) as Array<{ edgeDeviceName: string }>)
      .map((d) => d.edgeDeviceName)
      .filter((n) => n.length <= 20);
    expect(fitting.length).toBeGreaterThan(10);
    const text = (await shown(['edgedevice', 'list'], 80)).join('\n');
    for (const name of fitting) expect(text).toContain(`│ ${name} `);
    expect(text).not.toMatch(/│ (Active|Created) /);
    const orgs = await spawnCcp(['org', 'list', root, '--fields', 'orgName'], { env });
    const names = (JSON.parse(orgs.stdout) as Array<{ orgName: string }>).map((o) => o.orgName);
    const table = (await shown(['org', 'list', root], 80)).join('\n');
    for (const name of names) expect(table).toContain(`│ ${name} `);
    expect(table).not.toMatch(/│ (Active|Demo) /);
  });

  it('org update shows the name and the fields it changed', async () => {
    const orgs = await spawnCcp(['org', 'list', root, '--fields', 'uuid'], { env });
    const uuid = (JSON.parse(orgs.stdout) as Array<{ uuid: string }>)[0]!.uuid;
    const lines = await shown(
      ['org', 'update', uuid, '--name', 'Acme Western Region Works', '--city', 'Pune'],
      80,
    );
    expectFits(lines, 80);
    const text = lines.join('\n');
    expect(text).toContain('│ Acme Western Region Works │');
    expect(text).toMatch(/│ City +│/);
    expect(text).toMatch(/│ Pune +│/);
  });
});

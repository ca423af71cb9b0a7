// Tables keep a record's identity, and `get` of one record is a detail view (cli.md "People at a terminal"),
// on a pseudo-terminal: the embedded default's demo data at 80 and 120 columns, and the basic fixture's
// SN-1001 (two flows, one external reference) for the detail view.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE } from '../fixtures/basic-ids.js';
import { type CliTarget, isolatedEnv, spawnCcp, startCliTarget, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let tmp: { dir: string; remove: () => Promise<void> };
let embedded: NodeJS.ProcessEnv;
let t: CliTarget;
let serials: string[];

beforeAll(async () => {
  tmp = await tempDir('ccp-identity-');
  embedded = isolatedEnv(tmp.dir, { CCP_TIME_ZONE: 'UTC', CCP_PAGER: '' });
  const first = await spawnCcp(['edgedevice', 'list', '--fields', 'serialNumber'], { env: embedded });
  expect(first.code, first.stderr).toBe(0);
  serials = (JSON.parse(first.stdout) as Array<{ serialNumber: string }>).map((d) => d.serialNumber);
  t = await startCliTarget({ env: { CCP_TIME_ZONE: 'UTC', CCP_PAGER: '' } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await tmp.remove();
});

const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, '');

describe('a narrow terminal', () => {
  it('at 80 columns a device listing keeps uuid, name and serial number, and names what it left out', async () => {
    const pty = runInPty(['edgedevice', 'list'], embedded, { cols: 80 });
    expect((await pty.exited).code, pty.text()).toBe(0);
    const text = plain(pty.text());
    const header = text.split('\n').find((l) => l.includes('UUID'))!;
    for (const h of ['UUID', 'Name', 'Serial number']) expect(header).toContain(` ${h} `);
    expect(text).toMatch(/Left out to fit 80 columns: [^\n]*IP address/);
    expect(text).not.toMatch(/Left out[^\n]*Serial number/);
    for (const s of serials) expect(text).toContain(` ${s} `);
  });

  it('at 120 columns with eight --fields, no serial number is cut', async () => {
    const fields = 'uuid,edgeDeviceName,serialNumber,ipAdress,port,location,shortDescription,longDescription';
    const pty = runInPty(['edgedevice', 'list', '--fields', fields], embedded, { cols: 120 });
    expect((await pty.exited).code, pty.text()).toBe(0);
    const text = plain(pty.text());
    for (const s of serials) expect(text).toContain(` ${s} `);
    expect(text).not.toMatch(/ACM…/);
    // The free text is cut to fit, and the note (in lines that fit too) says so.
    expect(text.replace(/\n {2}/g, ' ')).toMatch(/to fit 120 columns: [^\n]*Long description/);
  });
});

describe('get of one record on a terminal', () => {
  it('is a detail view: Field: value, nested lists indented', async () => {
    const pty = runInPty(['edgedevice', 'get', 'SN-1001'], t.env, { cols: 100, rows: 60 });
    expect((await pty.exited).code, pty.text()).toBe(0);
    const lines = plain(pty.text()).split('\n');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^UUID: +${DEVICE.gateway1}$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^Serial number: +SN-1001$/));
    const flows = lines.findIndex((l) => /^Edge flows:$/.test(l));
    expect(flows).toBeGreaterThan(0);
    expect(lines[flows + 1]).toMatch(/^ {2}- \w[\w ]*: +\S/);
    expect(lines[flows + 2]).toMatch(/^ {4}\w[\w ]*: +\S/);
    expect(plain(pty.text())).not.toContain('┌');
  });

  it('several records stay a table; off a terminal, get prints JSON as before', async () => {
    const pty = runInPty(['edgedevice', 'get', 'SN-1001', DEVICE.gateway2], t.env, { cols: 160 });
    expect((await pty.exited).code, pty.text()).toBe(0);
    expect(pty.text()).toContain('┌');
    const piped = await spawnCcp(['edgedevice', 'get', 'SN-1001'], { env: t.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect((JSON.parse(piped.stdout) as Array<{ uuid: string }>)[0]!.uuid).toBe(DEVICE.gateway1);
  });
});

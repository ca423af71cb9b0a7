import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../../src/domain/index.js';
import { spawnCcp } from '../../helpers/cli.js';
import { type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
// A service that answers every download with PAYLOAD under the reportName a test sets.
let fake: Server;
let fakeUrl: string;
let reportName: unknown;
const PAYLOAD = '%PDF-1.4 not really\n';
beforeAll(async () => {
  w = await writeEnv();
  fake = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const record = {
        templateKey: 'edge-devices',
        fileType: 'pdf',
        fileData: Buffer.from(PAYLOAD).toString('base64'),
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [{ ...record, reportName }], metadata: {}, statusCode: 'OK' }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await w?.close();
  await new Promise((r) => fake?.close(r));
});

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// A word of each template's contents in the basic fixture, as its reports show it.
const CONTENT: Record<string, RegExp> = {
  'edge-devices': /SN-1001/,
  'sub-organizations': /Acme East/,
  'code-types': /\w/,
  licenses: /LIC-0001/,
  notifications: /\w/,
};

describe('ccp report download', () => {
  const matrix = REPORT_TEMPLATES.flatMap((t) => REPORT_FILE_TYPES.map((type) => [t, type] as const));

  it.each(matrix)('%s as %s: saved into a folder under the report name', async (template, type) => {
    const folder = join(w.dir, `reports-${template}-${type}`);
    const res = await w.ccp([
      'report',
      'download',
      '--template',
      template,
      '--type',
      type,
      '-O',
      `${folder}/`,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    const names = readdirSync(folder);
    expect(names).toHaveLength(1);
    const name = names[0]!;
    expect(name.endsWith(`.${type}`)).toBe(true);
    const content = readFileSync(join(folder, name));
    expect(res.stderr).toContain(`Saved ${join(folder, name)} (`);
    if (type === 'pdf') {
      expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(content)).toMatch(CONTENT[template]!);
    } else if (type === 'json') {
      expect(() => JSON.parse(content.toString('utf8'))).not.toThrow();
      expect(content.toString('utf8')).toMatch(CONTENT[template]!);
    } else {
      expect(content.toString('utf8').split('\n')[0]).toContain(',');
      expect(content.toString('utf8')).toMatch(CONTENT[template]!);
    }
  });

  it('on the embedded server, the bundled report worker (dist/cli/report-worker.js) renders it', async () => {
    const folder = join(w.dir, 'embedded');
    // No --base-url: the command serves the database itself, from the bundle in dist/.
    const res = await spawnCcp(
      [
        'report',
        'download',
        '--template',
        'edge-devices',
        '--type',
        'pdf',
        '-O',
        `${folder}/`,
        '--db',
        w.srv.dbPath,
      ],
      { env: w.env },
    );
    expect(res.code, res.stderr).toBe(0);
    const [name] = readdirSync(folder);
    expect(await pdfText(readFileSync(join(folder, name!)))).toMatch(/SN-1001/);
  });

  it('-O - writes the file to stdout', async () => {
    const res = await w.ccp(['report', 'download', '--template', 'licenses', '--type', 'json', '-O', '-']);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(res.stdout))).toContain('LIC-0001');
  });

  it('never overwrites a file without --force', async () => {
    const path = w.file('licenses.csv', 'keep me\n');
    const refused = await w.ccp([
      'report',
      'download',
      '--template',
      'licenses',
      '--type',
      'csv',
      '-O',
      path,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${path} already exists`);
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(path, 'utf8')).toBe('keep me\n');
    expect(readdirSync(w.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    const forced = await w.ccp([
      'report',
      'download',
      '--template',
      'licenses',
      '--type',
      'csv',
      '-O',
      path,
      '--force',
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('LIC-0001');
  });
});

describe('ccp report download: timestamps a spreadsheet reads', () => {
  const licenses = (type: string, zone: string) =>
    w.ccp(['report', 'download', '--template', 'licenses', '--type', type, '-O', '-', '--time-zone', zone]);

  it('the embedded server writes csv timestamps in ISO 8601, in the zone asked; json keeps the wire form', async () => {
    const utc = await licenses('csv', 'UTC');
    expect(utc.code, utc.stderr).toBe(0);
    expect(utc.stdout).toContain(',2027-11-21T04:00:00.000Z');
    expect(utc.stdout).not.toContain('*000');
    const kolkata = await licenses('csv', 'Asia/Kolkata');
    expect(kolkata.code, kolkata.stderr).toBe(0);
    expect(kolkata.stdout).toContain(',2027-11-21T09:30:00.000+05:30');

    const json = await licenses('json', 'UTC');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toContain('"licenseTo": "2027-11-21T04:00:00*000+0000"');
  });

  it('a csv report from another service is saved as it came', async () => {
    const csv = 'Serial number,Valid to\r\nLIC-9,2027-05-31T23:59:59*000+0000\r\n';
    const service = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const record = {
          templateKey: 'licenses',
          fileType: 'csv',
          reportName: 'l.csv',
          fileData: Buffer.from(csv).toString('base64'),
        };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: [record], metadata: {}, statusCode: 'OK' }));
      });
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      const res = await spawnCcp(
        [
          'report',
          'download',
          '--template',
          'licenses',
          '--type',
          'csv',
          '-O',
          '-',
          '--base-url',
          url,
          '--token',
          'ccp_x',
        ],
        { env: w.env },
      );
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toBe(csv);
    } finally {
      await new Promise((r) => service.close(r));
    }
  });
});

describe('ccp report download: the name comes from the service, the place never does', () => {
  // Every file under `dir`, as paths relative to it, hidden ones included.
  const tree = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  const fromFake = (args: string[]) =>
    spawnCcp(
      [
        'report',
        'download',
        '--template',
        'edge-devices',
        '--type',
        'pdf',
        ...args,
        '--base-url',
        fakeUrl,
        '--token',
        'ccp_x',
      ],
      {
        env: w.env,
      },
    );
  const OWN_NAME = /^edge-devices-\d{8}-\d{6}\.pdf$/;
  // What must reach stderr only as an escape.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters looked for
  const SENT_RAW = /[\u0000\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069\p{Cf}\u2028\u2029]/u;

  it.each([
    ['a hidden file', '.bashrc'],
    ['a parent path', '../x'],
    ['a path', 'a/b'],
    ['a Windows path', 'a\\b'],
    ['the parent folder', '..'],
    ['the folder itself', '.'],
    ['a NUL', 'x\u0000y.pdf'],
    ['a terminal escape', '\u001b[2Jclear.pdf'],
    ['an empty name', ''],
    ['300 characters', 'n'.repeat(300)],
    ['a number', 42],
    ['no name', undefined],
    ['a C1 control (NEL)', 'x\u0085y.pdf'],
    ['a C1 escape (CSI)', '\u009b2Jclear.pdf'],
    ['a right-to-left override', 'a\u202Egpj.exe'],
    ['a right-to-left isolate', 'a\u2067fdp.sh'],
    ['a leading dash', '-rf'],
    ['a leading space', ' x'],
    ['a Windows device', 'CON'],
    ['a Windows device with an extension', 'con.txt'],
    ['a Windows serial port with an extension', 'COM1.csv'],
    ['a Windows printer port', 'LPT9'],
    ['a Makefile', 'Makefile'],
    ['conftest.py', 'conftest.py'],
    ['go.mod', 'go.mod'],
    ['another type than asked (csv for pdf)', 'devices.csv'],
    ['a line separator', 'devices\u2028report.pdf'],
    ['a paragraph separator', 'devices\u2029.pdf'],
    ['a zero-width space', 'dev\u200bices.pdf'],
    ['a zero-width joiner', 'dev\u200dices.pdf'],
    ['a word joiner', 'dev\u2060ices.pdf'],
    ['a byte-order mark', '\ufeffdevices.pdf'],
    ['an Arabic letter mark', 'devices\u061c.pdf'],
  ])(
    'reportName as %s: saved inside the folder under a name of its own, even with --force',
    async (_label, name) => {
      reportName = name;
      const home = join(w.dir, `home-${Math.random().toString(36).slice(2)}`);
      const target = join(home, 'reports');
      mkdirSync(target, { recursive: true });
      writeFileSync(join(home, '.bashrc'), 'keep\n');
      writeFileSync(join(home, 'x'), 'keep\n');
      // Into a folder named with a trailing slash and without one: the same rule.
      const res = await fromFake(['-O', String(name).length % 2 ? `${target}/` : target, '--force']);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).not.toMatch(/internal error/i);
      expect(res.stderr).toContain('not a plain file name');
      // Control characters reach the terminal only as escapes.
      expect(res.stderr).not.toMatch(SENT_RAW);
      const files = tree(target);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(OWN_NAME);
      expect(readFileSync(join(target, files[0]!), 'utf8')).toBe(PAYLOAD);
      // Nothing beside the folder changed, and no temp file was left anywhere.
      expect(tree(home).filter((f) => !f.startsWith('reports'))).toEqual(['.bashrc', 'x']);
      expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('keep\n');
      expect(readFileSync(join(home, 'x'), 'utf8')).toBe('keep\n');
    },
  );

  it('a plain reportName is kept; a later download of the same name takes the next free name, never overwriting', async () => {
    reportName = 'devices report.pdf';
    const target = join(w.dir, 'plain');
    mkdirSync(target);
    writeFileSync(join(target, 'devices report.pdf'), 'old\n');
    // Two downloads named alike (as two in the same second are) both land, and the older file is kept.
    const second = await fromFake(['-O', `${target}/`]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`Saved ${join(target, 'devices report-2.pdf')}`);
    const third = await fromFake(['-O', `${target}/`]);
    expect(third.code, third.stderr).toBe(0);
    expect(readFileSync(join(target, 'devices report.pdf'), 'utf8')).toBe('old\n');
    expect(readFileSync(join(target, 'devices report-2.pdf'), 'utf8')).toBe(PAYLOAD);
    expect(tree(target).sort()).toEqual([
      'devices report-2.pdf',
      'devices report-3.pdf',
      'devices report.pdf',
    ]);

    const forced = await fromFake(['-O', `${target}/`, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).not.toContain('not a plain file name');
    expect(readFileSync(join(target, 'devices report.pdf'), 'utf8')).toBe(PAYLOAD);
    expect(tree(target)).toHaveLength(3);
  });
});

// POST /download: every template in every file type, scope of the contents, CCP-RM-002.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../src/domain/index.js';
import { DEVICE, ORG, USER } from '../fixtures/basic-ids.js';
import {
  envelope,
  expectError,
  expectOk,
  FIXED_NOW,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock: fixedClock(FIXED_NOW) });
});
afterAll(async () => {
  await srv?.close();
});

type Opts = { token?: string | null; timeZone?: string };
const download = (records: unknown[], opts: Opts = {}) =>
  srv.call('POST', '/download', { body: envelope(records), ...opts });
const reportText = async (templateKey: string, fileType: string, opts: Opts = {}) => {
  const [rec] = expectOk(await download([{ templateKey, fileType }], opts));
  return Buffer.from(rec.fileData, 'base64').toString('utf8');
};

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('POST /download', () => {
  const matrix = REPORT_TEMPLATES.flatMap((t) => REPORT_FILE_TYPES.map((f) => [t, f] as const));

  it.each(matrix)(
    '%s as %s: the request record with base64 fileData and a reportName',
    async (templateKey, fileType) => {
      const res = await download([{ templateKey, fileType, emailData: 'kept' }]);
      const data = expectOk(res);
      expect(data).toHaveLength(1);
      const [rec] = data;
      expect(rec).toMatchObject({ templateKey, fileType, emailData: 'kept' });
      expect(rec.reportName).toBeTypeOf('string');
      expect(rec.reportName.length).toBeGreaterThan(0);
      expect(rec.fileData).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      const file = Buffer.from(rec.fileData, 'base64');
      expect(file.toString('base64')).toBe(rec.fileData);
      if (fileType === 'csv') {
        const lines = file.toString('utf8').split(/\r?\n/);
        expect(lines[0]!.length).toBeGreaterThan(0);
        expect(lines[0]).not.toMatch(/^[0-9a-f]{8}-/i);
      } else if (fileType === 'json') {
        expect(() => JSON.parse(file.toString('utf8'))).not.toThrow();
      } else {
        expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    },
  );

  it('several reports in one request, answered in order', async () => {
    const data = expectOk(
      await download([
        { templateKey: 'licenses', fileType: 'csv' },
        { templateKey: 'code-types', fileType: 'json' },
      ]),
    );
    expect(data.map((r) => `${r.templateKey}/${r.fileType}`)).toEqual(['licenses/csv', 'code-types/json']);
    expect(data.every((r) => r.fileData.length > 0)).toBe(true);
  });

  it('the csv and json hold the records of the scope', async () => {
    const csv = await reportText('edge-devices', 'csv');
    expect(csv).toContain('SN-1002');
    expect(csv).toContain('Gateway Pune 1');
    expect(csv).not.toContain('Globex gateway');
    const json = await reportText('edge-devices', 'json');
    expect(json).toContain(DEVICE.labBench);
    expect(json).not.toContain(DEVICE.globexGateway);

    const subs = await reportText('sub-organizations', 'json');
    expect(subs).toContain('Acme West');
    expect(subs).not.toContain('Globex');

    const codes = await reportText('code-types', 'csv');
    expect(codes).toContain('DEVICE_KIND');
    expect(codes).toContain('DATA_METHOD');

    const licenses = await reportText('licenses', 'json');
    expect(licenses).toContain('ACME-LAB-2026');
    expect(licenses).not.toContain('GLOBEX-2026');

    const notifications = await reportText('notifications', 'csv');
    expect(notifications).toContain('EMAIL');
    expect(notifications).toContain('SMS');
  });

  it("another organization's token gets its own records only", async () => {
    const token = srv.tokens.otherAdmin;
    const devices = await reportText('edge-devices', 'json', { token });
    expect(devices).toContain(DEVICE.globexGateway);
    expect(devices).not.toContain(DEVICE.gateway1);
    const licenses = await reportText('licenses', 'csv', { token });
    expect(licenses).toContain('LIC-0003');
    expect(licenses).not.toContain('LIC-0001');
    const sub = await reportText('edge-devices', 'json', { token: srv.tokens.subAdmin });
    expect(sub).toContain(DEVICE.eastGateway);
    expect(sub).not.toContain(DEVICE.gateway1);
  });

  it('the pdf shows the records', async () => {
    const [rec] = expectOk(await download([{ templateKey: 'edge-devices', fileType: 'pdf' }]));
    const text = await pdfText(Buffer.from(rec.fileData, 'base64'));
    expect(text).toContain('SN-1001');
    expect(text).not.toContain('Globex gateway');
  });

  it('viewer and operator may download', async () => {
    for (const token of [srv.tokens.viewer, srv.tokens.operator]) {
      const [rec] = expectOk(await download([{ templateKey: 'licenses', fileType: 'json' }], { token }));
      expect(rec.fileData.length).toBeGreaterThan(0);
    }
  });

  it('echoes the request metadata', async () => {
    const metadata = {
      fileCodeUuid: 'f0000000-0000-4000-8000-000000000021',
      orgUuid: ORG.root,
      userUuid: USER.viewer,
    };
    const res = await srv.call('POST', '/download', {
      body: { data: [{ templateKey: 'licenses', fileType: 'csv' }], metadata },
      token: srv.tokens.viewer,
    });
    expectOk(res);
    expect(res.body.metadata).toEqual(metadata);
  });

  it.each([
    ['an unknown template', { templateKey: 'invoices', fileType: 'csv' }, 'templateKey "invoices"'],
    ['an unknown file type', { templateKey: 'licenses', fileType: 'xlsx' }, 'fileType "xlsx"'],
    ['a template in another case', { templateKey: 'LICENSES', fileType: 'csv' }, 'templateKey "LICENSES"'],
  ])('%s: 200 CCP-RM-002 naming the field', async (_name, record, what) => {
    expectError(
      await download([record]),
      200,
      'CCP-RM-002',
      `CCP-RM-002 Error while downloading report: data[0].${what} is not one of ${
        what.startsWith('template') ? REPORT_TEMPLATES.join(', ') : REPORT_FILE_TYPES.join(', ')
      }`,
    );
  });

  it.each([
    ['no template', { fileType: 'csv' }, 'templateKey'],
    ['a null template', { templateKey: null, fileType: 'csv' }, 'templateKey'],
    ['no file type', { templateKey: 'licenses' }, 'fileType'],
    ['an empty file type', { templateKey: 'licenses', fileType: '' }, 'fileType'],
  ])('%s: 200 CCP-RM-002 saying it is missing', async (_name, record, field) => {
    expectError(
      await download([record]),
      200,
      'CCP-RM-002',
      `CCP-RM-002 Error while downloading report: data[0].${field} is missing`,
    );
  });

  it('one bad record fails the request', async () => {
    const res = await download([
      { templateKey: 'licenses', fileType: 'csv' },
      { templateKey: 'nope', fileType: 'csv' },
    ]);
    expectError(res, 200, 'CCP-RM-002', /: data\[1\]\.templateKey "nope" is not one of/);
  });

  it('no token: 401', async () => {
    expectError(
      await download([{ templateKey: 'licenses', fileType: 'csv' }], { token: null }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('reports read by people', () => {
  it('edge devices name their organization, and the pdf shows times as date, minutes and offset', async () => {
    const csv = await reportText('edge-devices', 'csv', { timeZone: 'Asia/Kolkata' });
    expect(csv.split(/\r?\n/)[0]).toContain('Organization');
    expect(csv).toContain('Acme Corp');
    const [rec] = expectOk(
      await download([{ templateKey: 'edge-devices', fileType: 'pdf' }], { timeZone: 'Asia/Kolkata' }),
    );
    const text = await pdfText(Buffer.from(rec.fileData, 'base64'));
    expect(text).toContain('Acme Corp');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+0530/);
    expect(text).not.toMatch(/\*\d{3}\+0530/);
  });
});

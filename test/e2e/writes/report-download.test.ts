import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILE_TYPES, REPORT_TEMPLATES } from '../../../src/domain/index.js';
import { type WriteEnv, writeEnv } from './helpers.js';

let w: WriteEnv;
beforeAll(async () => {
  w = await writeEnv();
});
afterAll(async () => {
  await w?.close();
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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCompletion } from '../../src/cli/completion/generate.js';
import { buildProgram } from '../../src/cli/program.js';
import { REPORT_FILE_TYPES, REPORT_TEMPLATES, recordFields } from '../../src/domain/index.js';
import { OUTPUT_FORMATS } from '../../src/output/formats.js';
import { bashComplete, fishComplete, needShell } from './shells.js';

const DIR = join(import.meta.dirname, '..', '..', 'completions');
const FILES = { bash: 'ccp.bash', zsh: '_ccp', fish: 'ccp.fish' } as const;

describe('checked-in completions', () => {
  for (const [shell, file] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    it(`completions/${file} matches the command tree (run npm run completions when this fails)`, async () => {
      const generated = await generateCompletion(shell, buildProgram());
      expect(readFileSync(join(DIR, file), 'utf8')).toBe(generated);
    });
  }
});

describe('completing the real commands', () => {
  const bash = join(DIR, FILES.bash);
  it('offers every resource at the root', () => {
    const top = bashComplete(bash, ['ccp', '']);
    for (const name of [
      'license',
      'code',
      'codetype',
      'edgedevice',
      'org',
      'notify',
      'report',
      'api',
      'server',
      'config',
    ]) {
      expect(top).toContain(name);
    }
  });

  it('offers the record fields of each listing for --fields', () => {
    expect(bashComplete(bash, ['ccp', 'edgedevice', 'list', '--fields', ''])).toEqual(
      recordFields('edgeDevice'),
    );
    expect(bashComplete(bash, ['ccp', 'codetype', 'list', '--fields', ''])).toEqual(recordFields('codeType'));
    expect(bashComplete(bash, ['ccp', 'org', 'list', 'x', '--fields', 'uuid,org'])).toEqual(
      recordFields('organization')
        .filter((f) => f.startsWith('org'))
        .map((f) => `uuid,${f}`),
    );
  });

  it('offers templates, file types and output formats', () => {
    expect(bashComplete(bash, ['ccp', 'report', 'download', '--template', ''])).toEqual([
      ...REPORT_TEMPLATES,
    ]);
    expect(bashComplete(bash, ['ccp', 'report', 'download', '--type', ''])).toEqual([...REPORT_FILE_TYPES]);
    expect(bashComplete(bash, ['ccp', 'codetype', 'list', '-o', ''])).toEqual([...OUTPUT_FORMATS]);
    expect(OUTPUT_FORMATS).toContain('name');
    expect(bashComplete(bash, ['ccp', 'config', ''])).toEqual(['get', 'list', 'set', 'unset', 'use']);
  });

  it.runIf(needShell('fish'))('works in fish too', () => {
    expect(fishComplete(join(DIR, FILES.fish), 'ccp report download --type ')).toEqual([
      ...REPORT_FILE_TYPES,
    ]);
  });
});

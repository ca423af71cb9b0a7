// The one decision of a command's output format (kit/printing.ts outputFormat), as the records, `status`,
// `config list` and the server's summaries take it.
import { describe, expect, it } from 'vitest';
import { outputFormat } from '../../src/kit/printing.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';

describe('outputFormat', () => {
  it('--json, then -o, then the profile, then a table on a terminal and JSON elsewhere (JSON with --query)', async () => {
    const yaml = async () => 'yaml' as const;
    expect(await outputFormat({ json: true, output: 'csv' }, true, yaml)).toBe('json');
    expect(await outputFormat({ output: 'csv' }, true, yaml)).toBe('csv');
    expect(await outputFormat({}, true, yaml)).toBe('yaml');
    expect(await outputFormat({}, true)).toBe('table');
    expect(await outputFormat({}, false)).toBe('json');
    expect(await outputFormat({ query: 'x' }, true)).toBe('json');
  });

  it('status, config list and a server summary print JSON into a pipe, and a table where -o says so', async () => {
    const tmp = await tempDir();
    try {
      const env = isolatedEnv(tmp.dir);
      const db = `${tmp.dir}/local.db`;
      for (const args of [
        ['server', 'seed', '--demo', '--db', db],
        ['--db', db, 'status'],
        ['config', 'list'],
      ]) {
        const piped = await runCli(args, { env });
        expect(() => JSON.parse(piped.stdout), `${args.join(' ')}: ${piped.stdout}`).not.toThrow();
        const table = await runCli(['-o', 'table', ...args], { env });
        expect(() => JSON.parse(table.stdout), `${args.join(' ')} -o table`).toThrow();
      }
    } finally {
      await tmp.remove();
    }
  });
});

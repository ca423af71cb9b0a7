import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionCommand } from '../../src/cli/completion/command.js';
import { generateCompletion } from '../../src/cli/completion/generate.js';
import { buildCompletionModel } from '../../src/cli/completion/model.js';
import { PROFILE_KEYS } from '../../src/config/index.js';
import { REPORT_TEMPLATES, recordFields } from '../../src/domain/index.js';
import type { Factory } from '../../src/kit/factory.js';
import { fillVerbs } from '../../src/kit/verbs.js';
import {
  bashComplete,
  fakeCcpDir,
  fishComplete,
  needShell,
  prependPath,
  saveScript,
  zshComplete,
} from './shells.js';
import { sampleTree } from './tree.js';

const EDGE_FIELDS = recordFields('edgeDevice');
prependPath(fakeCcpDir());
const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml'];

describe('completion model', () => {
  it('reads commands, aliases, options and value sets from the tree', () => {
    const model = buildCompletionModel(sampleTree());
    expect(model.root.subcommands.map((c) => c.name)).toEqual([
      'edgedevice',
      'report',
      'config',
      'completion',
      'server',
      'help',
    ]);
    const edge = model.commands.find((c) => c.path === 'edgedevice')!;
    expect(edge.aliases).toEqual(['ed']);
    // The implicit help command is kept at the root only.
    expect(edge.subcommands.map((c) => c.path)).toEqual(['edgedevice list', 'edgedevice add']);
    const add = model.commands.find((c) => c.path === 'edgedevice add')!;
    expect(add.options).toEqual([
      { short: '-f', long: '--file', description: 'input file', takesValue: true, file: true },
    ]);
    expect(model.commands.find((c) => c.path === 'config use')!.argIsFile).toBe(false);
    expect(model.commands.find((c) => c.path === 'server import')!.argIsFile).toBe(true);
    expect(model.values).toContainEqual({
      path: 'edgedevice list',
      flags: ['--fields'],
      values: EDGE_FIELDS,
      inherit: false,
      list: true,
    });
    // Groups print no records: no --fields values for them.
    expect(model.values.find((v) => v.path === 'edgedevice' && v.list)).toBeUndefined();
    expect(model.values).toContainEqual({
      path: '',
      flags: ['-o', '--output'],
      values: FORMATS,
      inherit: true,
      list: false,
    });
  });

  it('leaves out hidden commands and options', () => {
    const root = new Command('ccp').option('--shown').option('--secret-flag');
    root.options.find((o) => o.long === '--secret-flag')!.hidden = true;
    root.command('visible');
    root.command('internal', { hidden: true });
    const model = buildCompletionModel(root);
    expect(model.root.subcommands.map((c) => c.name)).not.toContain('internal');
    expect(model.root.options.map((o) => o.long)).toEqual(['--shown']);
  });
});

describe('bash', async () => {
  const script = saveScript(await generateCompletion('bash', sampleTree()), 'ccp.bash');
  const cases: [string[], string[]][] = [
    [
      ['ccp', ''],
      ['edgedevice', 'report', 'config', 'completion', 'server', 'help'],
    ],
    [
      ['ccp', 'ed', ''],
      ['list', 'add'],
    ],
    [['ccp', 'edgedevice', 'l'], ['list']],
    [['ccp', '--profile', 'x', 'report', ''], ['download']],
    [['ccp', 'edgedevice', 'list', '--fields', ''], EDGE_FIELDS],
    [
      ['ccp', 'ed', 'list', '--fields', 'uuid,edge'],
      ['uuid,edgeDeviceName', 'uuid,edgeFlows'],
    ],
    [['ccp', 'report', 'download', '--template', ''], [...REPORT_TEMPLATES]],
    [['ccp', 'report', 'download', '--type', 'p'], ['pdf']],
    [['ccp', '-o', ''], FORMATS],
    [['ccp', 'report', 'download', '--output', 'nd'], ['ndjson']],
    [['ccp', '--output', '=', 'y'], ['yaml']],
    [
      ['ccp', 'config', 'get', 't'],
      ['token', 'time-zone', 'timeout', 'timestamps', 'token-command'],
    ],
    [
      ['ccp', 'completion', ''],
      ['bash', 'zsh', 'fish'],
    ],
    [
      ['ccp', 'report', 'download', '--t'],
      ['--template', '--type'],
    ],
    [
      ['ccp', 'edgedevice', 'list', '--p'],
      ['--profile', '--page-size'],
    ],
    [['ccp', '--base-url', ''], []],
    // Profile names come from `ccp __complete profile` when completing.
    [['ccp', '--profile', 's'], ['staging']],
    [
      ['ccp', 'config', 'use', ''],
      ['default', 'staging'],
    ],
  ];
  for (const [words, expected] of cases) {
    it(`completes ${JSON.stringify(words.join(' '))}`, () => {
      expect(bashComplete(script, words)).toEqual(expected);
    });
  }

  it('offers every option of a command and of its ancestors', () => {
    expect(bashComplete(script, ['ccp', 'report', 'download', '-'])).toEqual([
      '-V',
      '--version',
      '--base-url',
      '--profile',
      '-o',
      '--output',
      '--json',
      '--fields',
      '--no-color',
      '--template',
      '--type',
      '-O',
      '--output-file',
      '-h',
      '--help',
    ]);
  });
});

describe.runIf(needShell('zsh'))('zsh', async () => {
  const script = saveScript(await generateCompletion('zsh', sampleTree()), '_ccp');
  it('describes subcommands and options', () => {
    expect(zshComplete(script, ['ccp', 'ed', ''])).toEqual([
      'describe',
      'list:list edge devices',
      'add:add one',
    ]);
    expect(zshComplete(script, ['ccp', 'report', 'download', '--ty'])).toContain('--type:file type');
  });
  it('completes option values, comma lists and files', () => {
    expect(zshComplete(script, ['ccp', '-o', ''])).toEqual([`add ${FORMATS.join(' ')}`]);
    expect(zshComplete(script, ['ccp', 'ed', 'list', '--fields', 'uuid,e'])).toEqual([
      'prefix *,',
      `add ${EDGE_FIELDS.join(' ')}`,
    ]);
    expect(zshComplete(script, ['ccp', 'report', 'download', '--template=ed'])).toEqual([
      'prefix *=',
      `add ${REPORT_TEMPLATES.join(' ')}`,
    ]);
    expect(zshComplete(script, ['ccp', 'edgedevice', 'add', '-f', ''])).toEqual(['files']);
    expect(zshComplete(script, ['ccp', 'config', 'get', ''])).toEqual([`add ${PROFILE_KEYS.join(' ')}`]);
    expect(zshComplete(script, ['ccp', '--profile', ''])).toEqual([
      'describe',
      'default:current',
      'staging:',
    ]);
  });
});

describe.runIf(needShell('fish'))('fish', async () => {
  const script = saveScript(await generateCompletion('fish', sampleTree()), 'ccp.fish');
  it('completes subcommands through aliases, options and their values', () => {
    expect(fishComplete(script, 'ccp ed ').sort()).toEqual(['add', 'list']);
    expect(fishComplete(script, 'ccp --profile x report download --type ')).toEqual(['csv', 'json', 'pdf']);
    expect(fishComplete(script, 'ccp -o n')).toEqual(['ndjson']);
    expect(fishComplete(script, 'ccp config get ti').sort()).toEqual(['time-zone', 'timeout', 'timestamps']);
    expect(fishComplete(script, 'ccp report download --te')).toEqual(['--template']);
    expect(fishComplete(script, 'ccp config use ')).toEqual(['default', 'staging']);
    expect(fishComplete(script, 'ccp ed list --profile ')).toEqual(['default', 'staging']);
  });
  it('completes the last item of --fields', () => {
    expect(fishComplete(script, 'ccp ed list --fields uuid,edge').sort()).toEqual([
      'uuid,edgeDeviceName',
      'uuid,edgeFlows',
    ]);
  });
});

describe('ccp completion', () => {
  it('prints the script generated from the tree it belongs to', async () => {
    const root = sampleTree();
    const out = new PassThrough();
    let text = '';
    out.on('data', (c: Buffer) => {
      text += c.toString();
    });
    const tree = new Command('ccp').exitOverride();
    tree.command('license').command('activate');
    fillVerbs(completionCommand.register(tree, { io: { stdout: out } } as unknown as Factory));
    await tree.parseAsync(['completion', 'fish'], { from: 'user' });
    expect(text).toBe(await generateCompletion('fish', tree));
    expect(text).toContain('complete -c ccp -n \'__ccp_at "license"\' -a activate');
    expect(text).not.toBe(await generateCompletion('fish', root));
  });

  it('rejects an unknown shell', async () => {
    const tree = new Command('ccp').exitOverride().configureOutput({ writeErr: () => {} });
    fillVerbs(completionCommand.register(tree, { io: { stdout: new PassThrough() } } as unknown as Factory));
    await expect(tree.parseAsync(['completion', 'tcsh'], { from: 'user' })).rejects.toThrow(
      /Allowed choices/,
    );
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { createFactory } from '../../src/kit/factory.js';
import { fillVerbs } from '../../src/kit/verbs.js';
import { cliVersion } from '../../src/kit/version.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { testIO } from '../helpers/test-io.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let closedPort: number;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_unused' });
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});

afterAll(async () => {
  await tmp.remove();
});

function leaves(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  fillVerbs(cmd);
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  if (subs.length === 0) return [{ path, cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

describe('program tree', () => {
  it('has the commands of cli.md', () => {
    const names = leaves(buildProgram(createFactory({ io: testIO(), flags: () => ({}) }))).map((l) =>
      l.path.join(' '),
    );
    for (const expected of [
      'license activate',
      'license deactivate',
      'code get',
      'codetype list',
      'edgedevice list',
      'org list',
      'api',
      'server start',
      'server import',
      'server seed',
      'server token create',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it("adds a group's verbs only when the group is dispatched to", async () => {
    const io = testIO();
    const program = buildProgram(createFactory({ io, flags: () => ({}) }));
    const verbs = (name: string) => program.commands.find((c) => c.name() === name)!.commands.length;
    expect(verbs('edgedevice')).toBe(0);
    expect(verbs('license')).toBe(0);
    // Help ends in commander's exit, thrown (exitOverride); the help went to the test's io.
    await program.parseAsync(['edgedevice', '--help'], { from: 'user' }).catch(() => {});
    expect(io.out()).toContain('Usage: ccp edgedevice');
    expect(verbs('edgedevice')).toBe(5);
    expect(verbs('license')).toBe(0);
  });

  it("declares only the verb that runs: its siblings' flags wait until shown", async () => {
    const io = testIO();
    const program = buildProgram(createFactory({ io, flags: () => ({}) }));
    const license = program.commands.find((c) => c.name() === 'license')!;
    const verb = (name: string) => license.commands.find((c) => c.name() === name)!;
    // `license get --bogus` fails in get's own parsing, after the group dispatched to it.
    await program.parseAsync(['license', 'get', '--bogus'], { from: 'user' }).catch(() => {});
    expect(io.err()).toContain("unknown option '--bogus'");
    expect(verb('get').registeredArguments.length).toBe(1);
    expect(verb('activate').registeredArguments.length).toBe(0);
    expect(verb('list').options.length).toBe(0);
    // Top-level commands wait too.
    const login = program.commands.find((c) => c.name() === 'login')!;
    expect(login.options.length).toBe(0);
    // A help that lists them declares them: its lines show their arguments and [options].
    await program.parseAsync(['license', '--help'], { from: 'user' }).catch(() => {});
    expect(io.out()).toMatch(/activate \[options\] \[key\|uuid\]/);
    expect(verb('list').options.length).toBeGreaterThan(0);
  });

  it('every command has help with at least one example', () => {
    for (const { path } of leaves(buildProgram(createFactory({ io: testIO(), flags: () => ({}) })))) {
      const io = testIO();
      const program = buildProgram(createFactory({ io, flags: () => ({}) }));
      try {
        program.parse(['node', 'ccp', ...path, '--help']);
      } catch {
        // exitOverride throws after printing help
      }
      expect(io.out(), `ccp ${path.join(' ')} --help`).toMatch(/Examples:\n(?: {2}#.*\n)* {2}\$ .*\bccp\b/);
    }
  });
});

describe('usage errors and exit codes', () => {
  it('--version prints the version, exit 0', async () => {
    const r = await runCli(['--version'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(cliVersion());
  });

  it('--help prints usage on stdout, exit 0', async () => {
    const r = await runCli(['--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: ccp');
    expect(r.stdout).toContain('--base-url');
  });

  it('suggests the command a typo meant (exit 2)', async () => {
    const r = await runCli(['edgdevice', 'list'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'edgdevice'");
    expect(r.stderr).toContain('Did you mean edgedevice?');
  });

  it('ccp help suggests a verb for a typo as the command itself does (exit 2)', async () => {
    const direct = await runCli(['edgedevice', 'lst'], { env });
    expect(direct.stderr).toContain('(Did you mean one of list, ls?)');
    const help = await runCli(['help', 'edgedevice', 'lis'], { env });
    expect(help.code).toBe(2);
    expect(help.stderr).toContain("unknown command 'edgedevice lis'");
    expect(help.stderr).toContain('(Did you mean one of list, ls?)');
    const group = await runCli(['help', 'edgdevice'], { env });
    expect(group.stderr).toContain('(Did you mean edgedevice?)');
  });

  it('a malformed uuid argument is worded as a bad flag value is, not in commander words (exit 2)', async () => {
    const flag = await runCli(['edgedevice', 'list', '--org', 'nope'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('invalid org "nope" from --org: expected a uuid');
    const arg = await runCli(['org', 'list', 'nope'], { env });
    expect(arg.code).toBe(2);
    expect(arg.stderr).toMatch(
      /invalid \w+ "nope" from argument <\w+>: expected a uuid \(8-4-4-4-12 hex digits\)/,
    );
    expect(arg.stderr).not.toContain('command-argument');
    const page = await runCli(['edgedevice', 'list', '--page-size', 'x'], { env });
    expect(page.stderr).toContain('invalid page-size "x" from --page-size: expected a whole number');
  });

  it('an unknown option, a missing argument, a bad choice: exit 2', async () => {
    expect((await runCli(['edgedevice', 'list', '--bogus'], { env })).code).toBe(2);
    expect((await runCli(['code', 'get'], { env })).code).toBe(2);
    expect((await runCli(['edgedevice', 'list', '-o', 'xml'], { env })).code).toBe(2);
  });

  it('a group without its verb shows the group help on stderr, exit 2', async () => {
    const r = await runCli(['license'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('activate');
  });

  it('with -o json a usage error is also a JSON object on stderr', async () => {
    const r = await runCli(['-o', 'json', 'edgedevice', 'list', '--bogus'], { env });
    expect(r.code).toBe(2);
    const obj = JSON.parse(r.stderr.trim().split('\n').at(-1)!);
    expect(obj).toMatchObject({ code: 'USAGE', httpStatus: null, exitCode: 2 });
    expect(obj.reason).toContain('--bogus');
  });

  it('a bad configuration value (time zone, profile, timeout) is exit 2', async () => {
    const base = ['--base-url', `http://127.0.0.1:${closedPort}`];
    const tz = await runCli([...base, '--time-zone', 'Mars/Olympus', 'codetype', 'list'], { env });
    expect(tz.code).toBe(2);
    expect(tz.stderr).toContain('Mars/Olympus');
    expect((await runCli([...base, '--profile', 'nope', 'codetype', 'list'], { env })).code).toBe(2);
    expect((await runCli([...base, '--timeout', 'soon', 'codetype', 'list'], { env })).code).toBe(2);
  });

  it('a refused connection is exit 5, with the JSON object under --json', async () => {
    const r = await runCli(['--base-url', `http://127.0.0.1:${closedPort}`, 'edgedevice', 'list', '--json'], {
      env,
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('connection refused');
    const obj = JSON.parse(r.stderr.trim().split('\n').at(-1)!);
    expect(obj).toMatchObject({ code: 'ECONNREFUSED', httpStatus: null, exitCode: 5 });
  });
});

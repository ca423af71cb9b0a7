// Every `$ ccp ...` example of `ccp --help` and of each group's and verb's help works on the demo data:
// each runs in a shell of its own (a fresh copy of a `server seed --demo` database, its own HOME and the
// files it names), and exits 0. Writes land in that copy, never in a shared one. The few that need what no
// local database gives (a remote service, a terminal, a server left running) are named below with why.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { createFactory } from '../../src/kit/factory.js';
import { fillVerbs } from '../../src/kit/verbs.js';
import { demoFixture } from '../../src/server/loading/demo.js';
import { BIN, isolatedEnv, runCli, spawnCcp, tempDir } from '../helpers/cli.js';
import { testIO } from '../helpers/test-io.js';

const demo = demoFixture();
const ROOT_ORG = demo.configuration.orgUuid;
const DEVICE = demo.edgeDevices![0]!;

/** Examples that the demo data cannot run, each with the test that covers it instead. */
const ELSEWHERE: Array<[RegExp, string]> = [
  [/^ccp login\b/, 'asks on a terminal, or checks against a remote service: test/e2e/login.test.ts'],
  [/^ccp server start\b/, 'runs until stopped: test/e2e/server-start.test.ts'],
  [
    /--base-url http:\/\/127\.0\.0\.1:8080/,
    'needs the server of `server start` running: server-start.test.ts',
  ],
  [/--base-url https:\/\/ccp\.example\.com .*codetype list/, 'a remote service: real-deployment.test.ts'],
  [/^ccp server clone --from prod\b/, 'a remote service to copy: test/e2e/clone.test.ts'],
  [/\$\{fpath\[1\]\}/, 'zsh syntax: test/completion/'],
  [/^ccp server token revoke\b/, 'the id of a token `token list` shows: test/e2e/server-tokens.test.ts'],
];

let tmp: { dir: string; remove: () => Promise<void> };
let template: string;
let examples: string[];

function paths(cmd: Command, path: string[] = []): string[][] {
  fillVerbs(cmd);
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  return [path, ...subs.flatMap((c) => paths(c, [...path, c.name()]))];
}

beforeAll(async () => {
  tmp = await tempDir('ccp-examples-');
  // The examples, from the help a user reads: `ccp --help`, and every group's and verb's.
  const found = new Set<string>();
  for (const path of paths(buildProgram(createFactory({ io: testIO(), flags: () => ({}) })))) {
    const help = await runCli([...path, '--help'], { env: isolatedEnv(tmp.dir) });
    // An example longer than the help's width goes on after ` \`, as a shell reads it.
    const joined = help.stdout.replace(/ \\\n +/g, ' ');
    for (const m of joined.matchAll(/^ {2}\$ (.*\bccp .*)$/gm)) found.add(m[1]!.trim());
  }
  examples = [...found];
  // What every example starts from: the demo data, two profiles, and the files the examples name.
  template = join(tmp.dir, 'template');
  mkdirSync(template);
  const env = isolatedEnv(template);
  const seeded = await spawnCcp(['server', 'seed', '--demo', '--db', join(template, 'ccp.db')], { env });
  expect(seeded.code, seeded.stderr).toBe(0);
  copyFileSync(join(template, 'ccp.db'), join(template, 'rehearsal.db'));
  for (const profile of ['staging', 'prod']) {
    const set = await spawnCcp(['config', 'set', '--profile', profile, 'time-zone', 'UTC'], { env });
    expect(set.code, set.stderr).toBe(0);
  }
  mkdirSync(join(template, '.local/share/bash-completion/completions'), { recursive: true });
  mkdirSync(join(template, '.config/fish/completions'), { recursive: true });
  mkdirSync(join(template, 'reports'));
  const device = { name: 'pump-77', serial: 'SN-EX-0077', ip: '10.0.0.77', port: 1880, location: 'Pune' };
  const record = {
    edgeDeviceName: device.name,
    serialNumber: device.serial,
    ipAdress: device.ip,
    port: device.port,
    location: device.location,
  };
  const files: Record<string, string> = {
    'devices.csv': `name,serial,ip,port,location\n${Object.values(device).join(',')}\n`,
    'devices.json': JSON.stringify([record]),
    'devices.ndjson': `${JSON.stringify(record)}\n`,
    'devices.yaml': `- edgeDeviceName: ${device.name}\n  serialNumber: ${device.serial}\n  ipAdress: ${device.ip}\n  port: ${device.port}\n`,
    'flows.json': JSON.stringify([{ id: 'tab-1', type: 'tab', label: 'Pump v2' }]),
    'pushes.json': JSON.stringify([
      { uuid: DEVICE.uuid, edgeFlows: [{ flowId: 'tab-1', flowName: 'Pump v2', flowJSON: '[]' }] },
    ]),
    'org.json': JSON.stringify([{ ...demo.organizations![1], orgName: 'Acme West Region' }]),
    'orgs.json': JSON.stringify([{ uuid: demo.organizations![1]!.uuid, orgName: 'Acme West Region' }]),
    'notifications.json': JSON.stringify([
      {
        uuid: demo.notifications![0]!.uuid,
        type: 'EMAIL',
        isActive: true,
        notificationOptions: [{ attributeName: 'recipient', attributeValue: 'ops@acme.example' }],
      },
    ]),
    'options.csv': 'key,value\nretention.days,30\n',
    'options.yaml': '- key: retention.days\n  value: "30"\n',
    'fixture.json': JSON.stringify({ organizations: [demo.organizations![0]] }),
    'token.txt': 'ccp_example_token\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(template, name), text);
}, 180_000);

afterAll(async () => {
  await tmp?.remove();
});

describe('the examples of the help', () => {
  it('are found in the root help and in groups and verbs', () => {
    expect(examples).toContain('ccp edgedevice list');
    expect(examples.length).toBeGreaterThan(50);
  });

  it('each exits 0 on the demo data', { timeout: 900_000 }, async () => {
    const failed: string[] = [];
    for (const example of examples) {
      if (ELSEWHERE.some(([re]) => re.test(example))) continue;
      const home = mkdtempSync(join(tmp.dir, 'run-'));
      cpSync(template, home, { recursive: true });
      const env = isolatedEnv(home, {
        CCP_DB: join(home, 'ccp.db'),
        CCP_PAGER: '',
        CCP_TIME_ZONE: 'UTC',
        ORG: ROOT_ORG,
        ROOT_ORG,
        USER: ROOT_ORG,
        N: demo.configuration.notificationUuid,
        R: demo.configuration.roleUuid,
      });
      // `ccp` in the shell is this build; `set -o pipefail` makes `ccp ... | jq` fail when ccp does.
      const script = `set -o pipefail 2>/dev/null; ccp() { '${process.execPath}' '${BIN}' "$@"; }; ${example}`;
      try {
        execFileSync('bash', ['-c', script], {
          cwd: home,
          env,
          input: 'ccp_example_token\n',
          stdio: ['pipe', 'pipe', 'pipe'],
          timeout: 60_000,
        });
      } catch (err) {
        const e = err as { status: number | null; stderr?: Buffer };
        failed.push(
          `${example}\n  exit ${e.status}: ${String(e.stderr ?? '')
            .trim()
            .split('\n')
            .slice(-3)
            .join(' | ')}`,
        );
      }
    }
    expect(failed, failed.join('\n')).toEqual([]);
  });
});

// What a service sends reaches a terminal escaped and visible, never raw; a pipe gets the records as they
// were sent (cli.md "What reaches a terminal"). ccp runs on a pseudo-terminal against a fake service on
// loopback, and the transcript's raw bytes are checked.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { type Fake, fakeService } from '../helpers/fake-service.js';
import { runInPty } from '../helpers/pty.js';

const ORG = 'a0000000-0000-4000-8000-000000000001';
// A window title, a cleared screen, an OSC 8 hyperlink, an 8-bit CSI, a right-to-left override, DEL.
const EVIL =
  '\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\\u009b31m\u202eexe.pdf\x7f';
const SHOWN =
  '\\e]0;pwned\\x07\\e[2J\\e]8;;http://evil.example/\\e\\link\\e]8;;\\e\\\\x9b31m\\u202eexe.pdf\\x7f';
// The marks LRM, RLM and ALM, the line and paragraph separators, the zero-width characters, a word joiner, a
// byte order mark, a first-strong isolate: what reorders or hides text without a control of C0 or C1.
const HIDDEN = '\u200e\u200f\u061c\u2028\u2029\u200b\u200c\u200d\u2060\ufeff\u2068';
const HIDDEN_SHOWN = '\\u200e\\u200f\\u061c\\u2028\\u2029\\u200b\\u200c\\u200d\\u2060\\ufeff\\u2068';
// None of these may reach the terminal from the service (ccp's own bold header is `ESC [ 1 m`).
const RAW = ['\x1b]', '\x1b[2J', '\x07', '\u009b', '\u202e', '\x7f', ...HIDDEN];

const CLEAN_UUID = 'd0000000-0000-4000-8000-000000000001';
const EVIL_UUID = `d0000000-0000-4000-8000-00000000000${EVIL}${HIDDEN}`;
const DEVICES = [
  {
    uuid: CLEAN_UUID,
    orgUUID: ORG,
    edgeDeviceName: `name${EVIL}${HIDDEN}`,
    serialNumber: `SN${EVIL}${HIDDEN}`,
    isActive: true,
  },
  { uuid: EVIL_UUID, orgUUID: ORG, edgeDeviceName: 'plain', serialNumber: 'SN-2', isActive: true },
];

// A report file as a service may send it: its own line breaks, and the service's text in its cells.
const REPORT = `name,serial\nname${EVIL},SN${HIDDEN}\n`;
// A file of records to add, its names holding what a terminal acts on.
const RECORDS = JSON.stringify([{ edgeDeviceName: `n${EVIL}`, serialNumber: `SN${HIDDEN}` }]);

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let service: Fake;

beforeAll(async () => {
  tmp = await tempDir('ccp-tty-text-');
  service = await fakeService((req, res) => {
    if (req.url?.startsWith('/download')) {
      const report = { templateKey: 'edge-devices', fileType: 'csv', reportName: 'devices.csv' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: [{ ...report, fileData: Buffer.from(REPORT).toString('base64') }],
          metadata: {},
          statusCode: 'OK',
        }),
      );
      return;
    }
    res.writeHead(req.url?.startsWith('/codeTypes') ? 400 : 200, {
      'content-type': 'application/json',
      'x-total-count': String(DEVICES.length),
    });
    res.end(
      req.url?.startsWith('/codeTypes')
        ? JSON.stringify({ data: [], metadata: {}, statusCode: 'CCP-CT-001', reason: `bad ${EVIL}` })
        : JSON.stringify({ data: DEVICES, metadata: {}, statusCode: 'OK' }),
    );
  });
  env = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', CCP_BASE_URL: service.url });
});

afterAll(async () => {
  await service.close();
  await tmp.remove();
});

async function onTerminal(args: string[]): Promise<string> {
  const pty = runInPty(args, env, { cols: 400 });
  const { code } = await pty.exited;
  const text = pty.text();
  expect(code, text).not.toBeNull();
  return text;
}

function expectNoneRaw(text: string): void {
  for (const raw of RAW)
    expect(text.includes(raw), `${JSON.stringify(raw)} in ${JSON.stringify(text)}`).toBe(false);
}

describe('on a terminal', () => {
  it("an error's reason is shown escaped after `ccp:`", async () => {
    const text = await onTerminal(['codetype', 'list']);
    expectNoneRaw(text);
    expect(text).toContain(`ccp: CCP-CT-001 bad ${SHOWN}`);
  });

  it.each([
    ['-o json', ['codetype', 'list', '-o', 'json'], {}],
    ['--json', ['codetype', 'list', '--json'], {}],
    ['CCP_OUTPUT=json', ['codetype', 'list'], { CCP_OUTPUT: 'json' }],
  ])(
    '%s: the JSON error on stderr shows the reason escaped, and reads back the same',
    async (_what, args, extra) => {
      const pty = runInPty(args, { ...env, ...extra }, { cols: 400 });
      await pty.exited;
      const text = pty.text();
      expectNoneRaw(text);
      const line = text.split('\r\n').find((l) => l.startsWith('{'));
      expect(line).toContain('"reason":"bad \\u001b]0;pwned\\u0007');
      expect(line).toContain('\\u009b31m\\u202eexe.pdf\\u007f');
      expect(JSON.parse(line!)).toMatchObject({ code: 'CCP-CT-001', reason: `bad ${EVIL}` });
    },
  );

  it.each([
    ['a table', ['edgedevice', 'list', '--no-pager']],
    ['the detail view', ['edgedevice', 'get', CLEAN_UUID, '--no-pager']],
    ['-o name', ['edgedevice', 'list', '-o', 'name', '--no-pager']],
    ['-o csv', ['edgedevice', 'list', '-o', 'csv', '--no-pager']],
  ])('%s shows the service’s text escaped', async (_what, args) => {
    const text = await onTerminal(args);
    expectNoneRaw(text);
    expect(text).toContain(SHOWN);
    expect(text).toContain(HIDDEN_SHOWN);
  });

  it('-o yaml and -o json show it escaped, each in its own notation', async () => {
    const yaml = await onTerminal(['edgedevice', 'list', '-o', 'yaml', '--no-pager']);
    const json = await onTerminal(['edgedevice', 'list', '-o', 'json', '--no-pager']);
    for (const text of [yaml, json]) expectNoneRaw(text);
    expect(yaml).toContain('\\e]0;pwned');
    expect(yaml).toContain('\\x9b31m\\u202eexe.pdf');
    expect(json).toContain('\\u001b]0;pwned\\u0007');
    expect(json).toContain('\\u009b31m\\u202eexe.pdf\\u007f');
    for (const text of [yaml, json]) expect(text).toContain(HIDDEN_SHOWN);
  });

  it('-o ndjson shows the marks, separators and zero-width characters escaped', async () => {
    const text = await onTerminal(['edgedevice', 'list', '-o', 'ndjson', '--no-pager']);
    expectNoneRaw(text);
    expect(text).toContain(HIDDEN_SHOWN);
  });

  it('a bulk add shows the saved records it prints as the service wrote them escaped, -o ndjson too', async () => {
    const file = join(tmp.dir, 'saved.csv');
    writeFileSync(file, 'edgeDeviceName,serialNumber\nA,SN-A\n');
    const target = ['--org', ORG, '--user', ORG, '--saved-file', join(tmp.dir, 'saved.ndjson')];
    const text = await onTerminal(['edgedevice', 'add', '-f', file, ...target, '-o', 'ndjson']);
    expectNoneRaw(text);
    expect(text).toContain(HIDDEN_SHOWN);
  });

  it("apply's plan shows a key (a serial number) escaped", async () => {
    const path = join(tmp.dir, 'one.json');
    writeFileSync(path, JSON.stringify([{ edgeDeviceName: 'Sensor hub', serialNumber: 'SN-1003' }]));
    const args = ['edgedevice', 'apply', '--org', ORG, '--user', ORG, '-f', path];
    const text = await onTerminal([...args, '--dry-run', '--disable-missing']);
    expectNoneRaw(text);
    expect(text).toMatch(/disable\s+│ SN\\e\]0;pwned\\x07\\e\[2J/);
  });

  it('report download -O - shows the file as text, its controls escaped and its lines kept', async () => {
    const args = ['report', 'download', '--template', 'edge-devices', '--type', 'csv', '-O', '-'];
    const text = await onTerminal(args);
    expectNoneRaw(text);
    expect(text).toContain(`name,serial\r\nname${SHOWN},SN${HIDDEN_SHOWN}\r\n`);
  });

  it('--dry-run shows the records of a file escaped the JSON way', async () => {
    const path = join(tmp.dir, 'evil.json');
    writeFileSync(path, RECORDS);
    const text = await onTerminal([
      'edgedevice',
      'add',
      '--org',
      ORG,
      '--user',
      ORG,
      '-f',
      path,
      '--dry-run',
    ]);
    expectNoneRaw(text);
    expect(text).toContain('"edgeDeviceName": "n\\u001b]0;pwned\\u0007');
    expect(text).toContain('\\u009b31m\\u202eexe.pdf\\u007f');
    expect(text).toContain(`"serialNumber": "SN${HIDDEN_SHOWN}"`);
  });

  it("a prompt's default is shown escaped", async () => {
    // The default comes from a config file written by hand (a flag's value is not asked for again).
    const own = await tempDir('ccp-tty-default-');
    const dir = join(own.dir, 'config', 'ccp');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { evil: { 'base-url': `http://h${EVIL}` } } }),
      { mode: 0o600 },
    );
    const pty = runInPty(['login', '--profile', 'evil'], isolatedEnv(own.dir), { cols: 400 });
    try {
      await pty.waitFor(/Service base URL/);
      pty.type('\x03');
      await pty.exited;
      expectNoneRaw(pty.text());
      expect(pty.text()).toContain(`(http://h${SHOWN})`);
    } finally {
      await own.remove();
    }
  });
});

describe('into a pipe', () => {
  it('report download -O - writes the file as its bytes', async () => {
    const r = await spawnCcp(
      ['report', 'download', '--template', 'edge-devices', '--type', 'csv', '-O', '-'],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(REPORT);
  });

  it('--dry-run writes the records of a file as JSON writes them', async () => {
    const path = join(tmp.dir, 'evil-pipe.json');
    writeFileSync(path, RECORDS);
    const r = await spawnCcp(['edgedevice', 'add', '--org', ORG, '--user', ORG, '-f', path, '--dry-run'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).envelope.data).toEqual(JSON.parse(RECORDS));
    expect(r.stdout).toContain('\u009b31m\u202eexe.pdf\x7f');
  });

  it('the JSON error on stderr is plain JSON, the reason as the service sent it', async () => {
    const r = await spawnCcp(['codetype', 'list', '-o', 'json'], { env });
    const line = r.stderr.split('\n').find((l) => l.startsWith('{'))!;
    expect(line).toContain('\u009b31m\u202eexe.pdf\x7f');
    expect(JSON.parse(line)).toMatchObject({ code: 'CCP-CT-001', reason: `bad ${EVIL}` });
  });

  it.each([
    ['-o csv', 'csv', `SN${EVIL}`],
    ['-o name', 'name', `${EVIL_UUID}\n`],
  ])('%s writes the records as the service sent them', async (_what, format, raw) => {
    const r = await spawnCcp(['edgedevice', 'list', '-o', format], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(raw);
  });
});

describe('--watch on a terminal', () => {
  // A co-tenant's device name: the window retitled, the screen cleared, the cursor home, a line of its own.
  const OWNED = '\x1b]0;owned\x07\x1b[2J\x1b[HAll devices healthy\r\n';
  const OWNED_SHOWN = '\\e]0;owned\\x07\\e[2J\\e[HAll devices healthy\\r\\n';
  const NEW_UUID = 'd0000000-0000-4000-8000-0000000000aa';
  let watched: Fake;
  let reads = 0;
  let watchEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const plain = {
      uuid: CLEAN_UUID,
      orgUUID: ORG,
      edgeDeviceName: 'plain',
      serialNumber: 'SN-1',
      isActive: true,
    };
    const owned = {
      uuid: NEW_UUID,
      orgUUID: ORG,
      edgeDeviceName: OWNED,
      serialNumber: `SN${OWNED}`,
      isActive: true,
    };
    // The first read finds one plain device; every later read finds the co-tenant's too (an ADDED line).
    watched = await fakeService((_req, res) => {
      const data = ++reads === 1 ? [plain] : [plain, owned];
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(data.length) });
      res.end(JSON.stringify({ data, metadata: {}, statusCode: 'OK' }));
    });
    watchEnv = isolatedEnv(tmp.dir, { CCP_TOKEN: 'ccp_test', CCP_BASE_URL: watched.url });
  });
  afterAll(() => watched.close());

  it.each(['table', 'yaml', 'csv', 'name', 'ndjson'])(
    '-o %s: the line of a device added shows its name escaped',
    async (format) => {
      reads = 0;
      const pty = runInPty(
        ['edgedevice', 'list', '--watch', '--interval', '200ms', '-o', format, '--no-pager'],
        watchEnv,
        { cols: 400 },
      );
      await pty.waitFor(/ADDED.*owned/);
      pty.type('\x03');
      await pty.exited;
      const text = pty.text();
      for (const raw of ['\x1b]', '\x1b[2J', '\x1b[H', '\x07', 'healthy\r'])
        expect(text.includes(raw), `${JSON.stringify(raw)} in ${JSON.stringify(text)}`).toBe(false);
      expect(text).toContain(format === 'ndjson' ? '\\u001b]0;owned\\u0007' : OWNED_SHOWN);
    },
  );
});

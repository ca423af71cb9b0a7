// Live completion of values (cli.md "What operators reach for"): the checked-in scripts, run by each real
// shell with the real `ccp` on PATH, against a seeded embedded database, a running server and a service that
// never answers.
import {
  chmodSync,
  chownSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { BIN, isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { behaviours, type Fake, fakeService } from '../helpers/fake-service.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { bashComplete, fishCompleteDescribed, needShell, zshComplete } from './shells.js';

const SCRIPTS = join(import.meta.dirname, '..', '..', 'completions');
const BASH = join(SCRIPTS, 'ccp.bash');
const ZSH = join(SCRIPTS, '_ccp');
const FISH = join(SCRIPTS, 'ccp.fish');

let dir: string;
let remove: () => Promise<void>;
let db: string;
let env: NodeJS.ProcessEnv;
let devices: { serial: string; uuid: string; name: string }[];
let orgs: { uuid: string; name: string; parent: string | null }[];
let users: { user: string; org: string }[];

/** The folder that holds a `ccp` running this checkout's bin/ccp.js, as an installed one would. */
function ccpOnPath(into: string): string {
  const bin = join(into, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'ccp'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return bin;
}

const sorted = (xs: string[]) => [...xs].sort();

beforeAll(async () => {
  ({ dir, remove } = await tempDir('ccp-live-'));
  db = join(dir, 'demo.db');
  env = isolatedEnv(dir, {
    PATH: `${ccpOnPath(dir)}:${process.env.PATH}`,
    XDG_CACHE_HOME: join(dir, 'cache'),
    // What is offered, not how fast: a loaded machine's slow start must not empty the answers here.
    CCP_COMPLETE_BUDGET_MS: '15000',
  });
  expect((await spawnCcp(['server', 'seed', '--demo', '--db', db], { env })).code).toBe(0);
  const list = await spawnCcp(['--db', db, 'edgedevice', 'list', '--all', '-o', 'json'], { env });
  devices = (JSON.parse(list.stdout) as { serialNumber: string; uuid: string; edgeDeviceName: string }[]).map(
    (d) => ({ serial: d.serialNumber, uuid: d.uuid, name: d.edgeDeviceName }),
  );
  const sqlite = openSqlite(db, { readonly: true });
  orgs = sqlite
    .prepare<[], { uuid: string; name: string; parent: string | null }>(
      'SELECT uuid, org_name AS name, parent_uuid AS parent FROM organizations',
    )
    .all();
  users = sqlite
    .prepare<[], { user: string; org: string }>('SELECT user_uuid AS user, uuid AS org FROM organizations')
    .all();
  sqlite.close();
  expect(devices.length).toBeGreaterThan(100);
  expect(orgs.length).toBeGreaterThan(3);
}, 60_000);

afterAll(() => remove());

describe('values from the embedded database', () => {
  it('bash: edgedevice get <TAB> offers the serial numbers and uuids', () => {
    const some = devices.filter((d) => d.serial.startsWith('ACME-01'));
    expect(some.length).toBeGreaterThan(5);
    expect(sorted(bashComplete(BASH, ['ccp', '--db', db, 'edgedevice', 'get', 'ACME-01'], env))).toEqual(
      sorted(some.map((d) => d.serial)),
    );
    const all = bashComplete(BASH, ['ccp', '--db', db, 'edgedevice', 'get', ''], env);
    expect(sorted(all)).toEqual(sorted(devices.flatMap((d) => [d.serial, d.uuid])));
    // push takes the same device argument.
    const one = devices[7]!;
    expect(bashComplete(BASH, ['ccp', '--db', db, 'edgedevice', 'push', one.uuid.slice(0, 13)], env)).toEqual(
      [one.uuid],
    );
  });

  it('bash: --org, org get and codetype get, with --db=PATH split as bash splits it', () => {
    const uuids = sorted(orgs.map((o) => o.uuid));
    expect(
      sorted(bashComplete(BASH, ['ccp', '--db', '=', db, 'edgedevice', 'list', '--org', ''], env)),
    ).toEqual(uuids);
    expect(sorted(bashComplete(BASH, ['ccp', '--db', db, 'org', 'get', ''], env))).toEqual(uuids);
    expect(bashComplete(BASH, ['ccp', '--db', db, 'codetype', 'get', 'DEV'], env)).toEqual(['DEVICE_KIND']);
  });

  it('bash: license get|activate|deactivate <TAB> offer license keys, serial numbers and uuids', () => {
    const sqlite = openSqlite(db, { readonly: true });
    const licenses = sqlite
      .prepare<[], { key: string; serial: string; uuid: string }>(
        'SELECT license_key AS key, serial_number AS serial, uuid FROM licenses',
      )
      .all();
    sqlite.close();
    expect(licenses.length).toBeGreaterThan(2);
    expect(bashComplete(BASH, ['ccp', '--db', db, 'license', 'activate', 'LIC-2024'], env)).toEqual([
      'LIC-2024-007',
    ]);
    expect(sorted(bashComplete(BASH, ['ccp', '--db', db, 'license', 'get', ''], env))).toEqual(
      sorted(licenses.flatMap((l) => [l.key, l.serial, l.uuid])),
    );
    const one = licenses[0]!;
    expect(
      bashComplete(BASH, ['ccp', '--db', db, 'license', 'deactivate', one.uuid.slice(0, 13)], env),
    ).toEqual([one.uuid]);
  });

  // The interface has no users of its own: they are the user uuids its records carry (an organization's, the
  // devices'), named by the organization and its administrator.
  it('bash and fish: --user <TAB> offers the users the records name, fish with their names', () => {
    const sqlite = openSqlite(db, { readonly: true });
    const users = sqlite
      .prepare<[], { uuid: string; org: string; admin: string }>(
        'SELECT user_uuid AS uuid, org_name AS org, org_admin AS admin FROM organizations',
      )
      .all();
    sqlite.close();
    expect(users.length).toBe(orgs.length);
    expect(sorted(bashComplete(BASH, ['ccp', '--db', db, 'edgedevice', 'add', '--user', ''], env))).toEqual(
      sorted(users.map((u) => u.uuid)),
    );
    if (!needShell('fish')) return;
    const one = users[2]!;
    expect(
      fishCompleteDescribed(FISH, `ccp --db ${db} edgedevice add --user ${one.uuid.slice(0, 13)}`, env),
    ).toEqual([`${one.uuid}\t${one.org}: ${one.admin}`]);
  });

  it.runIf(needShell('zsh'))('zsh: values with the device and organization names beside them', () => {
    const one = devices[3]!;
    expect(zshComplete(ZSH, ['ccp', '--db', db, 'edgedevice', 'get', one.serial], env)).toEqual([
      'describe',
      `${one.serial}:${one.name}`,
    ]);
    const described = zshComplete(ZSH, ['ccp', '--db', db, 'edgedevice', 'list', '--org='], env);
    expect(described.slice(0, 2)).toEqual(['prefix *=', 'describe']);
    expect(sorted(described.slice(2))).toEqual(sorted(orgs.map((o) => `${o.uuid}:${o.name}`)));
  });

  it.runIf(needShell('fish'))('fish: values with the device and organization names beside them', () => {
    const one = devices[5]!;
    expect(
      fishCompleteDescribed(FISH, `ccp --db ${db} edgedevice get ${one.uuid.slice(0, 13)}`, env),
    ).toEqual([`${one.uuid}\t${one.name}`]);
    expect(sorted(fishCompleteDescribed(FISH, `ccp --db ${db} org list `, env))).toEqual(
      sorted(orgs.map((o) => `${o.uuid}\t${o.name}`)),
    );
    expect(fishCompleteDescribed(FISH, 'ccp --time-zone Europe/Berl', env)).toEqual(['Europe/Berlin']);
  });

  it('bash: profiles and time zones come from the config and the runtime', () => {
    const cfg = join(dir, 'config', 'ccp');
    mkdirSync(cfg, { recursive: true, mode: 0o700 });
    const profiles = {
      staging: { 'base-url': 'https://staging.invalid' },
      prod: { org: '6f1d2c3b-4a59-4e8f-9b0a-1c2d3e4f5a6b' },
    };
    writeFileSync(join(cfg, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    expect(bashComplete(BASH, ['ccp', '--profile', ''], env)).toEqual(['default', 'prod', 'staging']);
    expect(bashComplete(BASH, ['ccp', 'config', 'use', 'st'], env)).toEqual(['staging']);
    expect(bashComplete(BASH, ['ccp', 'codetype', 'list', '--time-zone', 'Europe/Berl'], env)).toEqual([
      'Europe/Berlin',
    ]);
  });

  it('keeps what it read a minute, in a 0600 file: the second TAB answers without the database', () => {
    const cache = join(dir, 'cache', 'ccp');
    // A target of its own, that nothing read before.
    const db = join(dir, 'cached.db');
    const copy = join(dir, 'cached-away.db');
    // Nothing read yet for this target and kind, and no database: nothing.
    expect(bashComplete(BASH, ['ccp', '--db', db, 'org', 'update', ''], env)).toEqual([]);
    copyFileSync(join(dir, 'demo.db'), db);
    const first = bashComplete(BASH, ['ccp', '--db', db, 'org', 'update', ''], env);
    expect(first.length).toBe(orgs.length);
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    const files = readdirSync(cache).filter((f) => f.startsWith('values-'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(join(cache, f)).mode & 0o777).toBe(0o600);
    renameSync(db, copy);
    try {
      expect(bashComplete(BASH, ['ccp', '--db', db, 'org', 'update', ''], env)).toEqual(first);
      // A narrower word is answered from the same whole list.
      const o = orgs[2]!;
      expect(bashComplete(BASH, ['ccp', '--db', db, 'org', 'update', o.uuid.slice(0, 6)], env)).toEqual(
        orgs.filter((x) => x.uuid.startsWith(o.uuid.slice(0, 6))).map((x) => x.uuid),
      );
    } finally {
      renameSync(copy, db);
    }
  });
});

describe('values from a remote service', () => {
  // Apart from this process: the shells are run synchronously, and an in-process server could not answer.
  let srv: ServerProcess;
  let stalled: Fake;
  let remoteEnv: NodeJS.ProcessEnv;
  let root: string;

  beforeAll(async () => {
    const served = join(dir, 'served.db');
    copyFileSync(db, served);
    root = orgs.find((o) => o.parent === null)!.uuid;
    const token = await spawnCcp(
      ['server', 'token', 'create', '--db', served, '--org', root, '--role', 'admin'],
      {
        env,
      },
    );
    srv = await startServerProcess(served, env);
    stalled = await fakeService(behaviours.stall);
    const home = join(dir, 'remote');
    const cfg = join(home, 'config', 'ccp');
    mkdirSync(cfg, { recursive: true, mode: 0o700 });
    const profiles = {
      live: { 'base-url': srv.url, token: token.stdout.trim(), org: root },
      tokenless: { 'base-url': srv.url, org: root },
      hung: { 'base-url': stalled.url, token: 'any-token', org: root },
    };
    writeFileSync(join(cfg, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
    remoteEnv = {
      ...env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
    };
  }, 60_000);

  afterAll(async () => {
    await srv?.stop();
    await stalled?.close();
  });

  it("walks the service's listings with the profile's token", () => {
    const some = devices.filter((d) => d.serial.startsWith('ACME-02'));
    expect(
      sorted(bashComplete(BASH, ['ccp', '--profile', 'live', 'edgedevice', 'get', 'ACME-02'], remoteEnv)),
    ).toEqual(sorted(some.map((d) => d.serial)));
    // The same service without the profile's token: it refuses, and nothing is offered (nor asked).
    expect(bashComplete(BASH, ['ccp', '--profile', 'tokenless', 'edgedevice', 'get', ''], remoteEnv)).toEqual(
      [],
    );
    // Licenses: read from the service's licenses report.
    expect(
      bashComplete(BASH, ['ccp', '--profile', 'live', 'license', 'activate', 'LIC-2026'], remoteEnv).sort(),
    ).toEqual(['LIC-2026-001', 'LIC-2026-014']);
    // Users: those of the organizations under the profile's org.
    expect(
      sorted(bashComplete(BASH, ['ccp', '--profile', 'live', 'edgedevice', 'add', '--user', ''], remoteEnv)),
    ).toEqual(sorted(users.filter((u) => u.org !== root).map((u) => u.user)));
    // Organizations: the tree under the profile's org, walked with the sub-organization listing.
    expect(sorted(bashComplete(BASH, ['ccp', '--profile', 'live', 'org', 'list', ''], remoteEnv))).toEqual(
      sorted(orgs.map((o) => o.uuid)),
    );
  });

  it('a service that never answers: the completion ends with nothing, exit 0, and writes nothing to stderr', async () => {
    // The budget of every TAB (a second from the process's start).
    const hungEnv = { ...remoteEnv };
    delete hungEnv.CCP_COMPLETE_BUDGET_MS;
    const words = ['--profile', 'hung', 'edgedevice', 'get', ''];
    const r = await spawnCcp(['__complete', 'device', ...words], { env: hungEnv, timeoutMs: 5000 });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(
      bashComplete(BASH, ['ccp', '--profile', 'hung', 'edgedevice', 'list', '--user', ''], hungEnv),
    ).toEqual([]);
    // A budget long enough that the request surely went out, however slowly this machine starts node: the
    // service had it, and the completion still gave up on it.
    const before = stalled.hits;
    const slow = { ...hungEnv, CCP_COMPLETE_BUDGET_MS: '3000' };
    const s = await spawnCcp(['__complete', 'codetype', '--profile', 'hung', 'codetype', 'get', ''], {
      env: slow,
      timeoutMs: 10_000,
    });
    expect(s).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(stalled.hits).toBeGreaterThan(before);
  });

  it('a service that never answers: the completion process ends within about a second of its start', async () => {
    const hungEnv = { ...remoteEnv };
    delete hungEnv.CCP_COMPLETE_BUDGET_MS;
    // Warm: the first start of a fresh build fills the compile cache, which a user's TAB finds filled.
    await spawnCcp(['__complete', 'device', '--profile', 'hung', 'edgedevice', 'get', ''], {
      env: { ...hungEnv, XDG_CACHE_HOME: join(dir, 'hung-cache-warm') },
      timeoutMs: 5000,
    });
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A cache of its own each time: what a TAB read before would answer at once.
      const env = { ...hungEnv, XDG_CACHE_HOME: join(dir, `hung-cache-${i}`) };
      const before = stalled.hits;
      const started = performance.now();
      const r = await spawnCcp(['__complete', 'device', '--profile', 'hung', 'edgedevice', 'get', ''], {
        env,
        timeoutMs: 5000,
      });
      times.push(performance.now() - started);
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
      // It asked the service and gave up waiting.
      expect(stalled.hits).toBeGreaterThan(before);
    }
    // 1 s promised, with 0.5 s for a loaded machine's start of a process.
    expect(Math.max(...times), `wall times ${times.map(Math.round).join(', ')} ms`).toBeLessThan(1500);
  });
});

describe('a cache another user could have written is not read', () => {
  const PLANTED = [
    { value: '--db=evil.db', description: 'planted' },
    { value: 'EVIL-0001', description: 'planted' },
  ];
  let cacheHome: string;
  let caseEnv: NodeJS.ProcessEnv;
  let missing: string;
  let planted: string;

  /** `ccp __complete device --db <missing> edgedevice get ''`: what it offers, from the cache alone. */
  const offered = async () => {
    const r = await spawnCcp(['__complete', 'device', '--db', missing, 'edgedevice', 'get', ''], {
      env: caseEnv,
    });
    expect(r.code).toBe(0);
    return r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]);
  };

  beforeAll(async () => {
    // The cache file's name for a database that then goes away: only the cache can answer for it.
    cacheHome = join(dir, 'planted-cache');
    caseEnv = { ...env, XDG_CACHE_HOME: cacheHome };
    missing = join(dir, 'gone.db');
    copyFileSync(db, missing);
    expect((await offered()).length).toBe(devices.length * 2);
    rmSync(missing);
    const [name] = readdirSync(join(cacheHome, 'ccp')).filter((f) => f.startsWith('values-'));
    planted = join(cacheHome, 'ccp', name!);
  });

  const plant = () =>
    writeFileSync(planted, JSON.stringify({ at: Date.now(), prefix: '', complete: true, items: PLANTED }));
  beforeEach(() => {
    chmodSync(join(cacheHome, 'ccp'), 0o700);
    plant();
    chmodSync(planted, 0o600);
  });

  it('its own cache is read, but a value that starts with - is never offered', async () => {
    expect(await offered()).toEqual(['EVIL-0001']);
  });

  it.each([
    ['a cache file its group can write (0660)', () => chmodSync(planted, 0o660)],
    ['a cache file others can write (0666)', () => chmodSync(planted, 0o666)],
    ['a cache folder its group can write (0770)', () => chmodSync(join(cacheHome, 'ccp'), 0o770)],
    ['a cache folder others can write (01777)', () => chmodSync(join(cacheHome, 'ccp'), 0o1777)],
  ])('%s: nothing in it is offered', async (_label, loosen) => {
    loosen();
    expect(await offered()).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a cache folder and file another user owns: nothing offered, and nothing written there',
    async () => {
      const folder = join(cacheHome, 'ccp');
      chownSync(folder, 65534, 65534);
      chownSync(planted, 65534, 65534);
      try {
        expect(await offered()).toEqual([]);
        // With the database back, the values are read from it, and kept nowhere in the other user's folder.
        copyFileSync(db, missing);
        const before = readdirSync(folder).sort();
        expect((await offered()).length).toBe(devices.length * 2);
        expect(readdirSync(folder).sort()).toEqual(before);
        expect(JSON.parse(readFileSync(planted, 'utf8')).items).toEqual(PLANTED);
      } finally {
        rmSync(missing, { force: true });
        chownSync(folder, 0, 0);
        chownSync(planted, 0, 0);
      }
    },
  );
});

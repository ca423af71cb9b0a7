// Organizations and users are found, not typed (cli.md "The first hour"): on a terminal of 80 columns, a
// prompt for an organization or a user uuid offers those the credentials can see, by name, narrowed as one
// types, and still takes a typed uuid; `add -f` checks its file before it asks anything. Against the
// embedded default's demo data (`--db`), and against a running server with a profile's token.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';
import { runInPty } from '../helpers/pty.js';

let dir: string;
let remove: () => Promise<void>;
let db: string;
let env: NodeJS.ProcessEnv;
let orgs: { uuid: string; name: string; user: string | null; admin: string }[];

function query<T>(sql: string, ...params: unknown[]): T[] {
  const sqlite = openSqlite(db, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(sql).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  ({ dir, remove } = await tempDir('ccp-pick-'));
  db = join(dir, 'demo.db');
  env = isolatedEnv(dir, { CCP_DB: db });
  expect((await spawnCcp(['server', 'seed', '--demo', '--db', db], { env })).code).toBe(0);
  orgs = query('SELECT uuid, org_name AS name, user_uuid AS user, org_admin AS admin FROM organizations');
}, 60_000);
afterAll(() => remove());

const org = (name: string) => orgs.find((o) => o.name === name)!;

describe('a prompt for an organization or a user uuid', () => {
  it('edgedevice add offers the organizations and users by name, narrowed by what is typed', async () => {
    const pune = org('Acme Pune Plant');
    const pty = runInPty(
      ['edgedevice', 'add', '--name', 'picked', '--serial', 'SN-PICK-1', '-o', 'json'],
      env,
    );
    // Every organization's name is offered, the uuid beside it.
    await pty.waitFor(/Organization uuid[\s\S]*Acme Industries/);
    expect(pty.text()).toContain(org('Acme Industries').uuid);
    pty.type('pune');
    // The first line offered, the one Enter takes, once the list is narrowed.
    await pty.waitFor(/❯ Acme Pune Plant {2}[0-9a-f-]{36}/);
    pty.type('\r');
    await pty.waitFor(/User uuid[\s\S]*Acme Industries: admin@acme-indus/);
    pty.type('pune');
    await pty.waitFor(/❯ Acme Pune Plant: admin@acme-pune-pl/);
    pty.type('\r');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    // Every line fits the 80 columns, the longest names cut and the uuids whole.
    const shown = stripVTControlCharacters(pty.text()).split(/\r?\n/);
    expect(shown.filter((l) => [...l].length > 80)).toEqual([]);
    expect(pty.text()).toContain(org('Acme Ahmedabad Works').user);
    expect(
      query('SELECT org_uuid AS o, user_uuid AS u FROM edge_devices WHERE serial_number = ?', 'SN-PICK-1'),
    ).toEqual([{ o: pune.uuid, u: pune.user }]);
  });

  it('takes a typed uuid the list does not hold', async () => {
    const typed = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const east = org('Acme East');
    const pty = runInPty(
      ['edgedevice', 'add', '--name', 'typed', '--serial', 'SN-PICK-2', '-o', 'json'],
      env,
    );
    await pty.waitFor(/Organization uuid[\s\S]*Acme Industries/);
    pty.type(east.uuid);
    await pty.waitFor(/❯ Acme East {2}/);
    pty.type('\r');
    await pty.waitFor(/User uuid/);
    pty.type(typed);
    await pty.waitFor(new RegExp(`❯ ${typed}`));
    pty.type('\r');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    expect(
      query('SELECT org_uuid AS o, user_uuid AS u FROM edge_devices WHERE serial_number = ?', 'SN-PICK-2'),
    ).toEqual([{ o: east.uuid, u: typed }]);
  });

  it('org list offers the parent organizations by name', async () => {
    const pty = runInPty(['org', 'list', '-o', 'name', '--no-pager'], env);
    await pty.waitFor(/Parent organization uuid[\s\S]*Acme Industries/);
    pty.type('west');
    await pty.waitFor(/❯ Acme West {2}/);
    pty.type('\r');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    expect(pty.text()).toContain(org('Acme Pune Plant').uuid);
  });
});

describe('edgedevice add -f checks its file before it asks anything', () => {
  it('a bad row: exit 2 naming it, and no question', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'serial,name,port\nSN-B-1,a,80\nSN-B-2,b,eighty\n');
    const pty = runInPty(['edgedevice', 'add', '-f', file], env);
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(2);
    expect(pty.text()).toContain(`${file}:3: port:`);
    expect(pty.text()).not.toMatch(/Organization uuid|User uuid/);
  });

  it('a good file: then it asks, and adds its rows', async () => {
    const file = join(dir, 'good.csv');
    writeFileSync(file, 'serial,name\nSN-G-1,good\n');
    const pty = runInPty(['edgedevice', 'add', '-f', file, '-o', 'json'], env);
    await pty.waitFor(/Organization uuid[\s\S]*Acme Industries/);
    pty.type('\r');
    await pty.waitFor(/User uuid/);
    pty.type('\r');
    const { code } = await pty.exited;
    expect(code, pty.text()).toBe(0);
    expect(query('SELECT count(*) AS n FROM edge_devices WHERE serial_number = ?', 'SN-G-1')).toEqual([
      { n: 1 },
    ]);
  });
});

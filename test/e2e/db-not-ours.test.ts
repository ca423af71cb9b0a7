// cli.md "The first hour": `--db` never touches what is not its database. A file is recognised as ccp's
// (SQLite's header, then ccp's own tables) before anything is done to it, its mode included; one that is not
// is refused (exit 2), its mode and content unchanged. A --db where no file is creates nothing and says how
// to make one, but for the commands whose job is to make one; the embedded default is still made on first use.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/store/sqlite.js';
import { ORG } from '../fixtures/basic-ids.js';
import { isolatedEnv, spawnCcp, tempDir } from '../helpers/cli.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = await tempDir('ccp-db-not-ours-');
  env = isolatedEnv(tmp.dir);
});
afterAll(() => tmp.remove());

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Commands that read or write a database they are given, none of whose job is to make one. */
const USERS: [string, string[]][] = [
  ['edgedevice list', ['edgedevice', 'list']],
  ['codetype list', ['codetype', 'list']],
  ['status', ['status', '-o', 'json']],
  ['server token list', ['server', 'token', 'list']],
  ['server token create', ['server', 'token', 'create', '--org', ORG.root, '--role', 'admin']],
  ['server token revoke', ['server', 'token', 'revoke', 'abcdef123456']],
];
/** Commands whose job is to make a database: they refuse a file that is not one all the same. */
const MAKERS: [string, string[]][] = [
  ['server seed --demo', ['server', 'seed', '--demo']],
  ['server import', ['server', 'import', join('test', 'fixtures', 'basic.json')]],
];

describe('a --db that is not ccp’s database', () => {
  const kinds: [string, (path: string) => void][] = [
    ['a CSV file', (p) => writeFileSync(p, 'serialNumber,location\nSN-1,Hall 1\n')],
    [
      "another program's SQLite database",
      (p) => {
        const other = openSqlite(p);
        other.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
        other.close();
      },
    ],
  ];
  for (const [kind, make] of kinds) {
    it.each([...USERS, ...MAKERS, ['server start', ['server', 'start', '--port', '0']]])(
      `${kind}: %s refuses it (exit 2), its mode and content unchanged`,
      async (_, args) => {
        const path = join(
          tmp.dir,
          `${kind.replace(/\W+/g, '-')}-${args.join('-').replace(/\W+/g, '-')}.data`,
        );
        make(path);
        chmodSync(path, 0o644);
        const before = readFileSync(path);
        const r = await spawnCcp([...args, '--db', path], { env });
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain('is not a ccp database');
        expect(modeOf(path)).toBe(0o644);
        expect(readFileSync(path).equals(before)).toBe(true);
        expect(existsSync(`${path}-wal`)).toBe(false);
        expect(existsSync(`${path}-shm`)).toBe(false);
      },
    );
  }
});

describe('a --db where no file is', () => {
  it.each(USERS)('%s creates nothing and names the commands that make one (exit 2)', async (_, args) => {
    const dir = join(tmp.dir, `typo-${args.join('-').replace(/\W+/g, '-')}`);
    const path = join(dir, 'typo.db');
    const r = await spawnCcp([...args, '--db', path], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('does not exist');
    expect(r.stderr).toContain(`ccp server seed --demo --db ${path}`);
    expect(existsSync(dir)).toBe(false);
  });

  it('an empty file is no database either, for a command that does not make one', async () => {
    const path = join(tmp.dir, 'empty.db');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const r = await spawnCcp(['edgedevice', 'list', '--db', path], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('holds no ccp database');
    expect(modeOf(path)).toBe(0o644);
    expect(statSync(path).size).toBe(0);
  });

  it.each(MAKERS)('%s makes one there', async (_, args) => {
    const path = join(tmp.dir, `made-${args[1]}`, 'new.db');
    const r = await spawnCcp([...args, '--db', path], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(path)).toBe(0o600);
  });

  it('the embedded default is still made on first use', async () => {
    const home = join(tmp.dir, 'fresh-home');
    const fresh = isolatedEnv(home);
    const r = await spawnCcp(['edgedevice', 'list', '--limit', '1', '-o', 'json'], { env: fresh });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(home, 'data', 'ccp'))).toContain('ccp.db');
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactory, type GlobalOptions } from '../../src/kit/factory.js';
import { isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { testIO } from '../helpers/test-io.js';

let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;
let db: string;

beforeAll(async () => {
  tmp = await tempDir();
  env = isolatedEnv(tmp.dir);
  db = join(tmp.dir, 'local.db');
  const r = await runCli(['server', 'seed', '--demo', '--db', db], { env });
  expect(r.code, r.stderr).toBe(0);
});

afterAll(async () => {
  await tmp.remove();
});

/** A factory whose flags getter counts its reads. */
function counted(flags: GlobalOptions) {
  const reads = { n: 0 };
  const f = createFactory({
    io: testIO({ env }),
    flags: () => {
      reads.n++;
      return flags;
    },
  });
  return { f, reads };
}

describe('the factory', () => {
  it('reads the flags only when a part is first made, and makes each part once', async () => {
    const { f, reads } = counted({ db });
    expect(reads.n).toBe(0);
    const [a, b] = await Promise.all([f.api(), f.api()]);
    expect(a).toBe(b);
    expect(await f.config()).toBe(await f.config());
    expect(await f.lookup()).toBe(await f.lookup());
    expect((await f.config()).db).toBe(db);
    await f.dispose();
  });

  it('dispose closes the embedded server it started, whose database then answers nothing', async () => {
    const { f } = counted({ db });
    expect((await f.databaseFacts())?.integrity).toBe('ok');
    await f.dispose();
    await expect(f.databaseFacts()).rejects.toThrow();
  });

  it('dispose makes nothing that was not asked for', async () => {
    const f = createFactory({
      io: testIO({ env }),
      flags: () => {
        throw new Error('flags read');
      },
    });
    await expect(f.dispose()).resolves.toBeUndefined();
  });

  it('a part that failed is kept as failed: the embedded server is not started twice', async () => {
    const { f } = counted({ db: join(tmp.dir, 'missing', 'none.db') });
    const first = await f.api().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(Error);
    expect(await f.api().catch((e: unknown) => e)).toBe(first);
    await f.dispose();
  });
});

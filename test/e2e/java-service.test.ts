// The real service is a Java service: bin/ccp.js against a loopback fake with its habits (decisions.md,
// "What the real service may send: read tolerantly"): Java timestamp forms, nulls, data null, unknown
// fields, no X-Total-Count, a page cap of 7, and error bodies of every shape.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimestamp } from '../../src/domain/instant.js';
import { type CliResult, isolatedEnv, ndjson, runCli, spawnCcp, tempDir } from '../helpers/cli.js';
import type { Fake } from '../helpers/fake-service.js';
import {
  BASE_MS,
  DEVICE_COUNT,
  deviceUuid,
  EXPIRED_TOKEN,
  JAVA_ORG,
  JAVA_USER,
  javaDevice,
  ORG_COUNT,
  startJavaService,
} from '../helpers/java-service.js';

let fake: Fake;
let tmp: { dir: string; remove: () => Promise<void> };
let env: NodeJS.ProcessEnv;

const ccp = (args: string[], extra: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
  spawnCcp(args, { env: { ...env, ...extra } });

const createdAt = (i: number) => BASE_MS + i * 60_000;

beforeAll(async () => {
  fake = await startJavaService();
  tmp = await tempDir('ccp-java-');
  env = isolatedEnv(tmp.dir, { CCP_BASE_URL: fake.url, CCP_TOKEN: 'service-token' });
});

afterAll(async () => {
  await fake.close();
  await tmp.remove();
});

describe('listings through a page cap of 7 (no X-Total-Count)', () => {
  it('--all holds all 52 records exactly once, in the service order', async () => {
    const r = await ccp(['edgedevice', 'list', '--all', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((d) => d.uuid)).toEqual(
      Array.from({ length: DEVICE_COUNT }, (_, i) => deviceUuid(i + 1)),
    );
  });

  it('--all with an explicit page size the service caps still holds every record', async () => {
    const r = await ccp([
      'edgedevice',
      'list',
      '--all',
      '--page-size',
      '20',
      '-o',
      'csv',
      '--fields',
      'uuid',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').slice(1);
    expect(new Set(lines).size).toBe(DEVICE_COUNT);
    expect(lines).toHaveLength(DEVICE_COUNT);
  });

  it('a listing whose length is a multiple of the page size ends on the data: null page', async () => {
    const r = await ccp(['edgedevice', 'list', '--all', '--page-size', '4', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(DEVICE_COUNT);
    const past = await ccp(['edgedevice', 'list', '--page', '20', '-o', 'json']);
    expect(past.code, past.stderr).toBe(0);
    expect(JSON.parse(past.stdout)).toEqual([]);
  });

  it('--limit 20 gives 20', async () => {
    const r = await ccp(['edgedevice', 'list', '--limit', '20', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => d.uuid)).toEqual(
      Array.from({ length: 20 }, (_, i) => deviceUuid(i + 1)),
    );
  });

  it('get finds the 46th record, beyond the first capped page, by uuid and by serial', async () => {
    const r = await ccp(['edgedevice', 'get', deviceUuid(46), 'JSN-0050', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((d) => d.uuid)).toEqual([deviceUuid(46), deviceUuid(50)]);
    const missing = await ccp(['edgedevice', 'get', 'JSN-9999']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('JSN-9999');
  });

  it('keeps fields the interface does not list, and nulls, in json; yaml and --query read them too', async () => {
    const r = await ccp(['edgedevice', 'list', '--limit', '3', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows[0]).toMatchObject({ tenantId: 'tenant-1', audit: { by: 'system' }, shortDescription: null });
    expect(rows[2].location).toBeNull();
    const y = await ccp(['edgedevice', 'list', '--limit', '3', '-o', 'yaml']);
    expect(y.code, y.stderr).toBe(0);
    expect(y.stdout).toContain('tenantId: tenant-1');
    const q = await ccp(['edgedevice', 'list', '--all', '--query', 'length(@)']);
    expect(q.code, q.stderr).toBe(0);
    expect(JSON.parse(q.stdout)).toBe(DEVICE_COUNT);
  });
});

describe('the other listing verbs', () => {
  it('org list --all and org get read capped pages without metadata', async () => {
    const r = await ccp(['org', 'list', JAVA_ORG, '--all', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((o) => o.orgName)).toEqual(
      Array.from({ length: ORG_COUNT }, (_, i) => `Plant ${i + 1}`),
    );
    const get = await ccp(['org', 'get', JAVA_ORG, 'Plant 9', '-o', 'ndjson']);
    expect(get.code, get.stderr).toBe(0);
    expect(ndjson(get.stdout)[0]).toMatchObject({ orgName: 'Plant 9', region: 'south' });
  });

  it('a default table leaves unknown fields out and shows no null', async () => {
    const r = await ccp(['edgedevice', 'list', '--limit', '10', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('JSN-0010');
    expect(r.stdout).not.toMatch(/tenant|null/);
  });
});

describe('timestamps in every Java form', () => {
  it('--sort-by createdOn orders by instant, not by text', async () => {
    const records = Array.from({ length: DEVICE_COUNT }, (_, i) => javaDevice(i + 1, false));
    const byText = [...records].sort((a, b) => String(a.createdOn).localeCompare(String(b.createdOn)));
    // The listing's text order is not its instant order: the test would catch a text sort.
    expect(byText.map((d) => d.uuid)).not.toEqual(records.map((d) => d.uuid));
    const r = await ccp(['edgedevice', 'list', '--all', '--sort-by', 'createdOn', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    const instants = rows.map((d) => parseTimestamp(d.createdOn));
    expect(instants).toEqual(Array.from({ length: DEVICE_COUNT }, (_, i) => createdAt(i + 1)));
  });

  it('tables show every form in the local short form, and a null as empty', async () => {
    const r = await ccp([
      '--time-zone',
      'Asia/Kolkata',
      'edgedevice',
      'list',
      '--limit',
      '8',
      '-o',
      'table',
      '--fields',
      'serialNumber,createdOn,location,modifiedOn',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/null|\*|GMT/);
    for (let i = 1; i <= 8; i++) {
      const local = new Date(createdAt(i) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
      const line = r.stdout.split('\n').find((l) => l.includes(`JSN-000${i}`));
      expect(line, `device ${i}`).toContain(local);
    }
  });

  it('csv and json pass the service values through; csv shows null as empty', async () => {
    const r = await ccp([
      'edgedevice',
      'list',
      '--limit',
      '8',
      '-o',
      'csv',
      '--fields',
      'uuid,createdOn,location',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('null');
    const rows = r.stdout.trimEnd().split('\n').slice(1);
    for (let i = 1; i <= 8; i++) {
      const d = javaDevice(i, false);
      expect(rows[i - 1]).toBe(`${d.uuid},${d.createdOn},${d.location ?? ''}`);
    }
  });

  it('--timestamps iso writes ISO 8601 UTC with milliseconds in json and csv; plain values stay', async () => {
    const r = await ccp(['--timestamps', 'iso', 'edgedevice', 'list', '--all', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    rows.forEach((d, i) => {
      expect(d.createdOn).toBe(new Date(createdAt(i + 1)).toISOString());
      if (d.modifiedOn !== null) expect(d.modifiedOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      for (const f of (d.edgeFlows as { createdOn: string }[] | null) ?? []) {
        expect(f.createdOn).toBe(new Date(BASE_MS).toISOString());
      }
    });
    expect(rows[1]!.modifiedOn).toBeNull();
    const csv = await ccp(['edgedevice', 'list', '--limit', '2', '-o', 'csv', '--fields', 'createdOn'], {
      CCP_TIMESTAMPS: 'iso',
    });
    expect(csv.stdout.trimEnd().split('\n').slice(1)).toEqual([
      new Date(createdAt(1)).toISOString(),
      new Date(createdAt(2)).toISOString(),
    ]);
  });

  it('the profile key timestamps=iso does the same', async () => {
    const set = await ccp(['config', 'set', 'timestamps', 'iso']);
    expect(set.code, set.stderr).toBe(0);
    try {
      const r = await ccp(['edgedevice', 'list', '--limit', '1', '-o', 'json', '--fields', 'createdOn']);
      expect(JSON.parse(r.stdout)).toEqual([{ createdOn: new Date(createdAt(1)).toISOString() }]);
    } finally {
      await ccp(['config', 'unset', 'timestamps']);
    }
  });
});

describe('--where treats a null as absent', () => {
  it('isDisabled=false keeps only the devices that say false', async () => {
    const r = await ccp(['edgedevice', 'list', '--all', '--where', 'isDisabled=false', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    // Every fourth device has isDisabled null.
    expect(ndjson(r.stdout)).toHaveLength(DEVICE_COUNT - Math.floor(DEVICE_COUNT / 4));
  });

  it('location= matches the nulls, location~hall the others', async () => {
    const empty = await ccp(['edgedevice', 'list', '--all', '--where', 'location=', '-o', 'ndjson']);
    const hall = await ccp(['edgedevice', 'list', '--all', '--where', 'location~hall', '-o', 'ndjson']);
    const nulls = Math.floor(DEVICE_COUNT / 3);
    expect(ndjson(empty.stdout)).toHaveLength(nulls);
    expect(ndjson(hall.stdout)).toHaveLength(DEVICE_COUNT - nulls);
  });
});

describe('apply of the service export', () => {
  let plain: Fake;
  let plainEnv: NodeJS.ProcessEnv;
  beforeAll(async () => {
    plain = await startJavaService({ unknownFields: false });
    plainEnv = { ...env, CCP_BASE_URL: plain.url };
  });
  afterAll(() => plain.close());

  it('list -o json then apply -f of it plans nothing: the Java forms pass the input check', async () => {
    const exported = await spawnCcp(['edgedevice', 'list', '--all', '-o', 'json'], { env: plainEnv });
    expect(exported.code, exported.stderr).toBe(0);
    const file = join(tmp.dir, 'export.json');
    writeFileSync(file, exported.stdout);
    const hitsBefore = plain.hits;
    const r = await spawnCcp(
      ['edgedevice', 'apply', '--org', JAVA_ORG, '--user', JAVA_USER, '-f', file, '--dry-run', '-o', 'json'],
      { env: plainEnv },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ create: [], update: [], unchanged: DEVICE_COUNT, disable: [] });
    // Only listing pages were read: 52 records at 7 a page, and the empty page after them.
    expect(plain.hits - hitsBefore).toBeLessThanOrEqual(10);
  });
});

describe('error bodies of every shape', () => {
  const cases: Array<{
    name: string;
    args: string[];
    url?: string;
    token?: string;
    code: number;
    says: RegExp[];
  }> = [
    {
      name: "Spring Security's 401",
      args: ['edgedevice', 'list'],
      token: EXPIRED_TOKEN,
      code: 3,
      says: [/Unauthorized/, /\/edgedevice\/all\/0/, /HTTP 401/],
    },
    {
      name: 'an HTTP 200 envelope with message instead of reason',
      args: ['codetype', 'list'],
      code: 1,
      says: [/CCP-CS-004/, /Error while fetching CodeType/],
    },
    {
      name: "Spring Boot's 500 error attributes",
      args: ['edgedevice', 'list'],
      url: '/spring500',
      code: 1,
      says: [/Internal Server Error/, /Could not open JPA EntityManager/, /\/edgedevice\/all\/0/, /HTTP 500/],
    },
    {
      name: 'RFC 9457 problem details',
      args: ['edgedevice', 'list'],
      url: '/problem',
      code: 4,
      says: [/Not Found/, /No edge device listing for this tenant/, /\/edgedevice\/all\/0/],
    },
    {
      name: 'plain text',
      args: ['edgedevice', 'list'],
      url: '/plain',
      code: 1,
      says: [/upstream connect error or disconnect\/reset before headers/, /HTTP 503/],
    },
    {
      name: 'an HTML page from a gateway',
      args: ['edgedevice', 'list'],
      url: '/html',
      code: 1,
      says: [/502 Bad Gateway/, /HTTP 502/],
    },
    {
      name: 'an empty body',
      args: ['edgedevice', 'list'],
      url: '/empty',
      code: 3,
      says: [/empty body/, /HTTP 403/],
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit ${c.code}, quoting what the body says`, async () => {
      const r = await ccp(['--timeout', '2s', ...c.args], {
        ...(c.url ? { CCP_BASE_URL: `${fake.url}${c.url}` } : {}),
        ...(c.token ? { CCP_TOKEN: c.token } : {}),
      });
      expect(r.code, r.stderr).toBe(c.code);
      for (const s of c.says) expect(r.stderr).toMatch(s);
      expect(r.stderr).not.toMatch(/not an envelope|<html|<h1/);
      expect(r.stdout).toBe('');
    });
  }
});

describe('ccp api prints the body and fails as the body says', () => {
  it('an HTTP 200 envelope with message: exit 1 quoting it', async () => {
    const r = await ccp(['api', 'GET', '/codeTypes/0']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ statusCode: 'CCP-CS-004' });
    expect(r.stderr).toMatch(/CCP-CS-004 Error while fetching CodeType/);
  });

  it("Spring Security's 401: exit 3 quoting its error and path", async () => {
    const r = await ccp(['api', 'GET', '/edgedevice/all/0'], { CCP_TOKEN: EXPIRED_TOKEN });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Unauthorized \(\/edgedevice\/all\/0\)/);
  });
});

describe('a listing the client cannot be sure of', () => {
  let over: Fake;
  beforeAll(async () => {
    over = await startJavaService({ totalCount: 60 });
  });
  afterAll(() => over.close());

  it('X-Total-Count promising more than came: the records, then an error and a non-zero exit', async () => {
    const r = await ccp(['edgedevice', 'list', '--all', '-o', 'ndjson'], { CCP_BASE_URL: over.url });
    expect(ndjson(r.stdout)).toHaveLength(DEVICE_COUNT);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ended after 52 records, but the service counted 60 .*incomplete/);
  });

  it('one capped page on a terminal still says how to get the next when X-Total-Count says more remain', async () => {
    const counted = await startJavaService({ totalCount: DEVICE_COUNT });
    try {
      const r = await runCli(['edgedevice', 'list', '--fields', 'uuid', '--no-pager'], {
        env: { ...env, CCP_BASE_URL: counted.url },
        stdoutIsTTY: true,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        `Page 0: 7 of ${DEVICE_COUNT} edge devices. Next page: --page 1; everything: --all`,
      );
    } finally {
      await counted.close();
    }
  });

  it('with X-Total-Count right, --parallel walks the capped pages in order', async () => {
    const exact = await startJavaService({ totalCount: DEVICE_COUNT });
    try {
      const one = await ccp(['--parallel', '1', 'edgedevice', 'list', '--all', '-o', 'ndjson'], {
        CCP_BASE_URL: exact.url,
      });
      const four = await ccp(['--parallel', '4', 'edgedevice', 'list', '--all', '-o', 'ndjson'], {
        CCP_BASE_URL: exact.url,
      });
      expect(one.code, one.stderr).toBe(0);
      expect(four.code, four.stderr).toBe(0);
      expect(four.stdout).toBe(one.stdout);
      expect(ndjson(four.stdout)).toHaveLength(DEVICE_COUNT);
    } finally {
      await exact.close();
    }
  });
});

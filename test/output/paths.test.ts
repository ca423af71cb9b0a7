import { describe, expect, it } from 'vitest';
import { matchesAll, parseWhere } from '../../src/kit/listing-where.js';
import { fieldWords, headers } from '../../src/output/cells.js';
import { checkPath, leafValues, resolveFields, valuesAt, viewOf } from '../../src/output/index.js';
import { project } from '../../src/output/paths.js';

const device = {
  uuid: 'd-1',
  location: 'Pune plant',
  isActive: true,
  port: 1880,
  edgeFlows: [{ flowId: 'a', flowName: 'A' }, { flowId: 'b' }],
};

describe('dot paths', () => {
  it('reach nested fields and every element of a list', () => {
    expect(valuesAt(device, 'port')).toEqual({ values: [1880], many: false });
    expect(valuesAt(device, 'edgeFlows.flowId')).toEqual({ values: ['a', 'b'], many: true });
    expect(leafValues({ tags: ['x', 'y'] }, 'tags')).toEqual(['x', 'y']);
    expect(valuesAt({}, 'licenseDetails.total').values).toEqual([undefined]);
  });

  it('project keeps the nesting; what is missing is null', () => {
    expect(project(device, ['uuid', 'edgeFlows.flowName', 'orgAddress.city'])).toEqual({
      uuid: 'd-1',
      edgeFlows: [{ flowName: 'A' }, { flowName: null }],
      orgAddress: null,
    });
  });

  it('--fields accepts schema paths (into lists and open objects) and refuses others', () => {
    expect(
      resolveFields('license', 'licenseDetails.license.status,licenseDetails.componentDetails.anything'),
    ).toEqual(['licenseDetails.license.status', 'licenseDetails.componentDetails.anything']);
    expect(() => resolveFields('edgeDevice', 'port.number')).toThrow(/unknown field "port.number"/);
    expect(viewOf('edgeDevice').hasPath('edgeFlows.flowId')).toBe(true);
  });
});

describe('--where', () => {
  it('=, != and ~ (any case), all must hold; a list matches when any element does', async () => {
    const view = viewOf('edgeDevice');
    const check = async (...texts: string[]) =>
      matchesAll(device, parseWhere(texts, view, checkPath), leafValues);
    expect(await check('port=1880', 'isActive=true')).toBe(true);
    expect(await check('location~PUNE')).toBe(true);
    expect(await check('location!=Pune plant')).toBe(false);
    expect(await check('edgeFlows.flowId=b')).toBe(true);
    expect(await check('edgeFlows.flowId!=b')).toBe(false);
    expect(await check('serialNumber=')).toBe(true);
    expect(await check('port=1880', 'location~north')).toBe(false);
    expect(() => parseWhere(['colour=red'], view, checkPath)).toThrow(/unknown --where field "colour"/);
  });

  it('<, <=, > and >= compare numbers numerically and timestamps by instant', () => {
    const view = viewOf('edgeDevice');
    const check = (record: object, ...texts: string[]) =>
      matchesAll(record, parseWhere(texts, view, checkPath), leafValues);
    expect(check(device, 'port>1000')).toBe(true);
    expect(check(device, 'port>999', 'port<1881')).toBe(true);
    expect(check(device, 'port>=1880', 'port<=1880')).toBe(true);
    expect(check(device, 'port<1880')).toBe(false);
    // As text, "1880" > "900" would not hold.
    expect(check(device, 'port>900')).toBe(true);
    expect(check({ ...device, port: '443' }, 'port<1000')).toBe(true);
    // The service's forms, read by the one timestamp reader: 10:00 at +0530 is 04:30 UTC.
    const made = { ...device, createdOn: '2026-03-01T10:00:00*000+0530' };
    expect(check(made, 'createdOn<2026-03-01T04:30:01Z')).toBe(true);
    expect(check(made, 'createdOn>2026-03-01T04:29:59Z')).toBe(true);
    expect(check(made, 'createdOn>=2026-03-02')).toBe(false);
    expect(check(made, 'createdOn=2026-03-01T04:30:00.000Z')).toBe(true);
    expect(check({ ...device, createdOn: null }, 'createdOn<2030-01-01')).toBe(false);
    expect(() => parseWhere(['port>many'], view, checkPath)).toThrow(/compares numbers and timestamps/);
    expect(() => parseWhere(['createdOn>soon'], view, checkPath)).toThrow(/holds timestamps/);
  });
});

describe('--sort-by', () => {
  async function* stream<T>(items: T[]): AsyncGenerator<T> {
    yield* items;
  }
  const ports = [8883, 443, undefined, 1883, 502, 443, 80];
  const records = () => stream(ports.map((port, i) => ({ i, port })));

  it('keeps the first n of the whole order with a limit, missing values last either way', async () => {
    const { sortRecords } = await import('../../src/kit/listing-sort.js');
    const sorted = await sortRecords(records(), 'port');
    expect(sorted.map((r) => r.port)).toEqual([80, 443, 443, 502, 1883, 8883, undefined]);
    // Equal keys keep the listing's order.
    expect(sorted.slice(1, 3).map((r) => r.i)).toEqual([1, 5]);
    expect((await sortRecords(records(), 'port', { limit: 3 })).map((r) => r.port)).toEqual([80, 443, 443]);
    const reversed = await sortRecords(records(), 'port', { limit: 7, reverse: true });
    expect(reversed.map((r) => r.port)).toEqual([8883, 1883, 502, 443, 443, 80, undefined]);
    expect((await sortRecords(records(), 'port', { limit: 2, reverse: true })).map((r) => r.port)).toEqual([
      8883, 1883,
    ]);
  });
});

describe('headers', () => {
  it('are words', () => {
    expect(
      ['ipAdress', 'noOfdevices', 'serialNumber', 'isActive', 'orgUUID', 'notificationUuid'].map(fieldWords),
    ).toEqual(['IP address', 'Devices', 'Serial number', 'Active', 'Org UUID', 'Notification UUID']);
    expect(headers(['uuid', 'licenseDetails.license.uuid'])).toEqual([
      'UUID',
      'License details license UUID',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesAll, parseWhere } from '../../src/kit/listing-where.js';
import { fieldWords, headers } from '../../src/output/cells.js';
import { leafValues, resolveFields, valuesAt, viewOf } from '../../src/output/index.js';
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
    const check = async (...texts: string[]) => matchesAll(device, await parseWhere(texts, view), leafValues);
    expect(await check('port=1880', 'isActive=true')).toBe(true);
    expect(await check('location~PUNE')).toBe(true);
    expect(await check('location!=Pune plant')).toBe(false);
    expect(await check('edgeFlows.flowId=b')).toBe(true);
    expect(await check('edgeFlows.flowId!=b')).toBe(false);
    expect(await check('serialNumber=')).toBe(true);
    expect(await check('port=1880', 'location~north')).toBe(false);
    await expect(parseWhere(['colour=red'], view)).rejects.toThrow(/unknown --where field "colour"/);
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

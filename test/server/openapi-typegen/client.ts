// A client written from docs/openapi.json alone: generated/schema.d.ts is what openapi-typescript makes of
// the document (test/server/openapi-client.test.ts generates it, type-checks this file, then runs it).
// Every operation is named as the document names it; the @ts-expect-error lines are what the types forbid.
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './generated/schema.js';

type Schemas = components['schemas'];
type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type Records<K extends keyof operations> = Body<K> extends { data: infer D } ? D : never;

export function ccpClient(baseUrl: string, token: string, timeZone = 'UTC') {
  const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const header = { time_zone: timeZone };
  const client = {
    licenseAction: (uuid: string, action: 'activate' | 'deactivate') =>
      api.PUT('/license/{uuid}/{action}', { params: { path: { uuid, action } } }),
    codeGet: (uuid: string) => api.POST('/codes', { params: { header }, body: { data: [{ uuid }] } }),
    codeTypeList: (pageNo: number, pageSize: number) =>
      api.GET('/codeTypes/{pageNo}', { params: { path: { pageNo }, query: { pageSize }, header } }),
    edgeDeviceList: (pageNo: number, pageSize: number) =>
      api.GET('/edgedevice/all/{pageNo}', { params: { path: { pageNo }, query: { pageSize }, header } }),
    edgeDeviceAdd: (orgUuid: string, userUuid: string, data: Records<'edgeDeviceAdd'>) =>
      api.POST('/edgedevice/org/{orgUuid}/user/{userUuid}/add', {
        params: { path: { orgUuid, userUuid } },
        body: { data },
      }),
    edgeDevicePush: (data: Records<'edgeDevicePush'>) => api.POST('/edgedevice/push', { body: { data } }),
    orgUpdate: (data: Records<'orgUpdate'>) => api.PUT('/org/update', { body: { data } }),
    orgList: (orgUuid: string, pageNo: number, pageSize: number) =>
      api.GET('/org/{orgUuid}/org/{pageNo}', {
        params: { path: { orgUuid, pageNo }, query: { pageSize }, header },
      }),
    orgOptionsAdd: (orgUuid: string, data: Records<'orgOptionsAdd'>) =>
      api.POST('/org/options/org/{orgUuid}/add', { params: { path: { orgUuid } }, body: { data } }),
    notificationSave: (data: Records<'notificationSave'>) => api.POST('/notification', { body: { data } }),
    notificationUpdate: (data: Records<'notificationUpdate'>) => api.PUT('/notification', { body: { data } }),
    notificationConfigure: (data: Records<'notificationConfigure'>) =>
      api.POST('/notification/configure', { body: { data } }),
    reportDownload: (data: Records<'reportDownload'>) => api.POST('/download', { body: { data } }),
  };
  // One function per operation of the document: none missing (satisfies), none it lacks (the empty record).
  const unknownOperations: Record<Exclude<keyof typeof client, keyof operations>, never> = {};
  void unknownOperations;
  return client satisfies { [K in keyof operations]: unknown };
}

export type Client = ReturnType<typeof ccpClient>;

/** Success is told from failure by type: statusCode "OK", or the operation's own codes. */
export async function addDevice(c: Client, orgUuid: string, userUuid: string, serialNumber: string) {
  const { data, error } = await c.edgeDeviceAdd(orgUuid, userUuid, [
    { edgeDeviceName: 'Press 7 gateway', serialNumber, ipAdress: '10.9.0.7', port: 1883 },
  ]);
  if (error) {
    const code:
      | 'CCP-HTTP-003'
      | 'BAD_REQUEST'
      | 'UNAUTHORIZED'
      | 'FORBIDDEN'
      | 'NOT_FOUND'
      | 'CCP-BV-001'
      | 'REQUEST_TIMEOUT'
      | 'PAYLOAD_TOO_LARGE'
      | 'URI_TOO_LONG'
      | 'REQUEST_HEADER_FIELDS_TOO_LARGE' = error.statusCode;
    return { failed: code, reason: error.reason };
  }
  if (data.statusCode === 'OK') {
    const device: Schemas['EdgeDevice'] | undefined = data.data[0];
    return { device };
  }
  const failed: 'CCP-HTTP-017' | 'CCP-DM-006' = data.statusCode;
  // @ts-expect-error: adding a device never answers a code fetch failure
  if (data.statusCode === 'CCP-CS-001') return { failed };
  return { failed, reason: data.reason };
}

/**
 * A report by the values the document gives (typed as its enums); one outside them, sent past the types, gets
 * the 200 CCP-RM-002 that the operation's 200 answer names, as typed here.
 */
export async function download(
  c: Client,
  templateKey: Schemas['ReportRequest']['templateKey'],
  fileType: Schemas['ReportRequest']['fileType'],
) {
  const { data } = await c.reportDownload([{ templateKey, fileType }]);
  if (data?.statusCode !== 'OK') return { failed: data?.statusCode satisfies 'CCP-RM-002' | undefined };
  return { file: data.data[0]?.fileData, name: data.data[0]?.reportName };
}

/** An organization update without a uuid type-checks: the server answers it with 200 CCP-HTTP-017. */
export async function updateUnnamed(c: Client) {
  const { data } = await c.orgUpdate([{ orgName: 'Nobody' }]);
  if (data?.statusCode === 'OK') return { updated: data.data };
  const failed: 'CCP-HTTP-017' | undefined = data?.statusCode;
  return { failed, reason: data?.reason };
}

/** What the document's types refuse: never called, only type-checked. */
export function refused(c: Client) {
  const r = { templateKey: 'licenses', fileType: 'csv' } as const;
  // @ts-expect-error: a report template is one of the five the document gives
  void c.reportDownload([{ templateKey: 'invoices', fileType: 'csv' }]);
  // @ts-expect-error: a report file type is csv, json or pdf
  void c.reportDownload([{ templateKey: 'licenses', fileType: 'xlsx' }]);
  // @ts-expect-error: a report names its template
  void c.reportDownload([{ fileType: 'csv' }]);
  // @ts-expect-error: at most 5 reports per request
  void c.reportDownload([r, r, r, r, r, r]);
  const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
  // POST /codes's 1 to 1,000 records are too wide a range for openapi-typescript's tuples: a plain array.
  // @ts-expect-error: time_zone is required on the listings
  void api.GET('/edgedevice/all/{pageNo}', { params: { path: { pageNo: 0 }, query: { pageSize: 1 } } });
  // @ts-expect-error: a license action is activate or deactivate
  void c.licenseAction('c1000000-0000-4000-8000-000000000001', 'suspend');
  // @ts-expect-error: no such operation
  void c.edgeDeviceDelete;
}

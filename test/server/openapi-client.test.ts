// A client generated from docs/openapi.json alone: openapi-typescript makes the types, the project's
// compiler checks test/server/openapi-typegen/client.ts against them, then the client calls every operation
// of a real server.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEVICE, LICENSE, NOTIFICATION, ORG, USER } from '../fixtures/basic-ids.js';
import { ROOT } from '../helpers/cli.js';
import { checkResponse } from '../helpers/openapi-responses.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const TYPEGEN = join(ROOT, 'test/server/openapi-typegen');
const GENERATED = join(TYPEGEN, 'generated');
const CLI = join(TYPEGEN, 'node_modules/openapi-typescript/bin/cli.js');
const DOC = join(ROOT, 'docs/openapi.json');

async function generate(doc: string): Promise<void> {
  await run(process.execPath, [CLI, doc, '--array-length', '-o', join(GENERATED, 'schema.d.ts')], {
    cwd: ROOT,
  });
}

/** The compiler's verdict on client.ts: its diagnostics, empty when it type-checks. */
async function typeCheck(): Promise<string> {
  try {
    await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(TYPEGEN, 'tsconfig.json')], { cwd: ROOT });
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

let srv: TestServer;
beforeAll(async () => {
  await mkdir(GENERATED, { recursive: true });
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
  await rm(GENERATED, { recursive: true, force: true });
});

describe('a client generated from docs/openapi.json', () => {
  it('fails to type-check when the document loses what the client relies on', async () => {
    const doc = JSON.parse(await readFile(DOC, 'utf8'));
    const action = doc.paths['/license/{uuid}/{action}'].put.parameters.find(
      (p: { name: string }) => p.name === 'action',
    );
    delete action.schema.enum;
    // The report templates as open text: the client would let any template through.
    delete doc.components.schemas.ReportRequest.properties.templateKey.enum;
    const edgeAdd = doc.paths['/edgedevice/org/{orgUuid}/user/{userUuid}/add'].post;
    edgeAdd.responses['200'].content['application/json'].schema.oneOf[1].properties.statusCode = {
      type: 'string',
    };
    const loose = join(GENERATED, 'loose.json');
    await writeFile(loose, JSON.stringify(doc));
    await generate(loose);
    const diagnostics = await typeCheck();
    expect(diagnostics).toMatch(/client\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error'/);
    const source = (await readFile(join(TYPEGEN, 'client.ts'), 'utf8')).split('\n');
    const template = source.findIndex((l) => l.includes('@ts-expect-error: a report template is one of')) + 1;
    expect(template).toBeGreaterThan(0);
    expect(diagnostics).toContain(`client.ts(${template},3): error TS2578: Unused '@ts-expect-error'`);
    expect(diagnostics).toMatch(/Type 'string' is not assignable to type '"CCP-DM-006" \| "CCP-HTTP-017"'/);
  }, 60_000);

  it('type-checks: every operation named, success told from failure by type, report values and limits', async () => {
    await generate(DOC);
    expect(await typeCheck()).toBe('');
  }, 60_000);

  it('calls every operation of the server, each answer as the document describes', async () => {
    // Loaded by path, so the project's compiler does not follow it into generated/ (made by these tests).
    // biome-ignore lint/suspicious/noExplicitAny: the client is typed by its own check above
    const { ccpClient, addDevice, download, updateUnnamed }: any = await import(join(TYPEGEN, 'client.ts'));
    const c = ccpClient(srv.url, srv.tokens.admin);
    type Answer = { response: Response; data?: { statusCode?: string } };
    const calls: [string, string, () => Promise<Answer>][] = [
      ['licenseAction', 'PUT', () => c.licenseAction(LICENSE.active, 'activate')],
      ['codeGet', 'POST', () => c.codeGet(CODE.gateway)],
      ['codeTypeList', 'GET', () => c.codeTypeList(0, 10)],
      ['edgeDeviceList', 'GET', () => c.edgeDeviceList(0, 10)],
      [
        'edgeDeviceAdd',
        'POST',
        () => c.edgeDeviceAdd(ORG.root, USER.admin, [{ edgeDeviceName: 'A', serialNumber: 'SN-C1' }]),
      ],
      [
        'edgeDevicePush',
        'POST',
        () => c.edgeDevicePush([{ uuid: DEVICE.gateway1, edgeFlows: [{ flowId: 'c-1', flowJSON: '[]' }] }]),
      ],
      ['orgUpdate', 'PUT', () => c.orgUpdate([{ uuid: ORG.sub2, orgName: 'Acme South' }])],
      ['orgList', 'GET', () => c.orgList(ORG.root, 0, 10)],
      ['orgOptionsAdd', 'POST', () => c.orgOptionsAdd(ORG.root, [{ key: 'client.test', value: '1' }])],
      ['notificationSave', 'POST', () => c.notificationSave([{ type: 'EMAIL' }])],
      [
        'notificationUpdate',
        'PUT',
        () => c.notificationUpdate([{ uuid: NOTIFICATION.sms, isActive: false }]),
      ],
      [
        'notificationConfigure',
        'POST',
        () => c.notificationConfigure([{ notificationUuid: NOTIFICATION.email, roleUuid: USER.viewer }]),
      ],
      ['reportDownload', 'POST', () => c.reportDownload([{ templateKey: 'licenses', fileType: 'json' }])],
    ];
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(c).sort());
    for (const [name, method, call] of calls) {
      const { response, data } = await call();
      expect(response.status, name).toBe(200);
      expect(data?.statusCode, name).toBe('OK');
      const url = new URL(response.url);
      expect(checkResponse(method, url.pathname + url.search, response.status, data), name).toBe(true);
    }

    expect(await addDevice(c, ORG.root, USER.admin, 'SN-C2')).toMatchObject({
      device: { ipAdress: '10.9.0.7' },
    });
    const clash = await addDevice(c, ORG.root, USER.admin, 'SN-1001');
    expect(clash).toMatchObject({ failed: 'CCP-DM-006' });
    const viewer = ccpClient(srv.url, srv.tokens.viewer);
    expect(await addDevice(viewer, ORG.root, USER.admin, 'SN-C3')).toMatchObject({ failed: 'FORBIDDEN' });
    const report = await download(c, 'code-types', 'csv');
    expect(report.name).toMatch(/^code-types-.*\.csv$/);
    // Report values outside the document's (past the client's types): the 200 CCP-RM-002 its 200 answer names.
    expect(await download(c, 'invoices', 'csv')).toEqual({ failed: 'CCP-RM-002' });
    expect(await download(c, 'licenses', 'xlsx')).toEqual({ failed: 'CCP-RM-002' });
    expect(await updateUnnamed(c)).toEqual({
      failed: 'CCP-HTTP-017',
      reason: 'CCP-HTTP-017 Invalid UUID Identifier: data[0].uuid is missing',
    });
  });
});

// Run functions take one options object: tests build it directly, with a test IO and a real client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { runCodeGet } from '../../src/commands/code/get.js';
import { runCodeTypeList } from '../../src/commands/codetype/list.js';
import { runEdgeDeviceList } from '../../src/commands/edgedevice/list.js';
import { runLicenseDeactivate } from '../../src/commands/license/deactivate.js';
import { runOrgList } from '../../src/commands/org/list.js';
import type { OutputSpec } from '../../src/kit/printing.js';
import { scriptedPrompter } from '../../src/kit/prompter.js';
import { CODE, LICENSE, ORG, ROOT_CHILDREN } from '../fixtures/basic-ids.js';
import { type ServerWithClient, startServerWithClient } from '../helpers/api-client.js';
import { ndjson } from '../helpers/cli.js';
import { testIO } from '../helpers/test-io.js';

let target: ServerWithClient;
let client: ApiClient;

beforeAll(async () => {
  target = await startServerWithClient();
  ({ client } = target);
});

afterAll(() => target.close());

const spec = (format: OutputSpec['format'], fields?: string[]): OutputSpec => ({
  format,
  fields,
  color: false,
  isTTY: false,
  width: 120,
  now: () => Date.now(),
});

const settle = () => new Promise((r) => setImmediate(r));

describe('run functions', () => {
  it('runEdgeDeviceList writes one page and returns the count', async () => {
    const io = testIO();
    const n = await runEdgeDeviceList({
      io,
      api: async () => client,
      output: spec('ndjson', ['uuid']),
      page: { pageSize: 3, startPage: 0 },
    });
    await settle();
    expect(n).toBe(3);
    expect(ndjson(io.out())).toHaveLength(3);
  });

  it('runOrgList lists the children of the organization', async () => {
    const io = testIO();
    await runOrgList({
      io,
      api: async () => client,
      output: spec('ndjson', ['uuid']),
      page: { pageSize: 100, all: true },
      orgUuid: ORG.root,
    });
    await settle();
    expect(
      ndjson(io.out())
        .map((o) => o.uuid)
        .sort(),
    ).toEqual([...ROOT_CHILDREN].sort());
  });

  it('runCodeTypeList with a limit below the page size', async () => {
    const io = testIO();
    expect(
      await runCodeTypeList({
        io,
        api: async () => client,
        output: spec('json'),
        page: { pageSize: 1, limit: 1 },
      }),
    ).toBe(1);
  });

  it('runCodeGet writes the code in the chosen format', async () => {
    const io = testIO();
    await runCodeGet({
      io,
      api: async () => client,
      output: spec('csv', ['uuid', 'codeIdentifier']),
      codeUuid: CODE.random,
    });
    await settle();
    expect(io.out().split('\n')[0]).toBe('uuid,codeIdentifier');
    expect(io.out()).toContain(CODE.random);
  });

  it('runLicenseDeactivate prints the record, and the summary on stderr', async () => {
    const io = testIO();
    await runLicenseDeactivate(
      { output: spec('table'), key: LICENSE.active, yes: true },
      {
        io,
        api: async () => client,
        prompter: scriptedPrompter([]),
        now: () => Date.now(),
        twin: async () => undefined,
      },
    );
    await settle();
    expect(io.out()).toContain(LICENSE.active);
    expect(io.err()).toMatch(/^Deactivated license c1000000-0000-4000-8000-000000000001\n/);
    expect(io.err()).toMatch(/Active:\s+no/);
  });
});

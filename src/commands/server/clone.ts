import type { ApiClient } from '../../api/client.js';
import { listCodeTypes } from '../../api/code-types.js';
import { listEdgeDevices } from '../../api/edge-devices.js';
import { listSubOrganizations } from '../../api/organizations.js';
import type { CodeType } from '../../domain/code.js';
import type { EdgeDevice } from '../../domain/edge-device.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import type { OutputSpec } from '../../kit/printing.js';
import type { CopyWriter } from '../../server/index.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from './db.js';
import { printSummary, summaryFormat } from './summary.js';

export interface ServerCloneOptions {
  dbPath: string;
  /** The service to copy, as the profile reaches it. */
  source: ApiClient;
  /** The organization whose tree is copied; none: only the organizations the devices name, bare. */
  rootOrg: string | undefined;
  output: Pick<OutputSpec, 'format'>;
  /** Closes what reaches the source, once the clone ends (the command's own factory for --from). */
  dispose?: () => Promise<void>;
}

/** What the interface has no listing for: a clone cannot copy it, and says so. */
export const NOT_COPIED = 'licenses, notifications and organization options (the interface cannot list them)';
const PAGE_SIZE = 1000;

export const serverClone = defineCommand<ServerCloneOptions>({
  name: 'clone',
  description: 'Copy what a profile can list on its service into a local database, to rehearse on',
  examples: [
    'ccp server clone --from prod --db ./rehearsal.db',
    'ccp server clone --from prod --db ./rehearsal.db --org $ROOT_ORG   # another subtree',
    'ccp --profile prod --db ./rehearsal.db edgedevice apply --org $ORG --user $USER -f devices.csv --dry-run',
  ],
  declare: (cmd) =>
    cmd
      .requiredOption('--from <profile>', 'the profile whose service (base URL and credentials) is copied')
      .addHelpText(
        'after',
        `
Copies the edge devices (with flows and external references; no password can be read, so none is
stored), the organization tree under --org (default: the profile's org; walked with the sub-organization
listing), and the code types with their codes. Uuids and the instants of timestamps stay as the service
gave them. Organizations a device names but the listing does not show are stored bare (uuid only).
Licenses, notifications and organization options cannot be listed, so they are not copied.
A re-run refreshes the copy. Then rehearse with --db: \`ccp --db PATH edgedevice apply ... --dry-run\`.

${DB_HELP}.`,
      ),
  parse: async (f, { flags }) => {
    const from = flags.from as string;
    const g = f.globals();
    const { createFactory } = await import('../../kit/factory.js');
    // The service is the profile's, whatever --db names: a factory of its own, without --db.
    const srcFlags = {
      profile: from,
      profileFlag: '--from',
      timeout: g.timeout,
      verbose: g.verbose,
      quiet: g.quiet,
      color: g.color,
      input: g.input,
    };
    const src = createFactory({ io: f.io, clock: f.clock, flags: () => srcFlags });
    const cfg = await src.config();
    if (!cfg.baseUrl) {
      throw new UsageError(`profile ${from} names no service to clone (no base-url)`, {
        hint: `ccp config set --profile ${from} base-url https://...`,
      });
    }
    try {
      return {
        dbPath: await serverDbPath(f),
        source: await src.api(),
        rootOrg: g.org ?? cfg.org,
        output: await summaryFormat(f),
        dispose: () => src.dispose(),
      };
    } catch (err) {
      await src.dispose();
      throw err;
    }
  },
  run: runServerClone,
});

export async function runServerClone(opts: ServerCloneOptions, deps: ServerDeps): Promise<void> {
  try {
    await cloneInto(opts, deps);
  } finally {
    await opts.dispose?.();
  }
}

async function cloneInto(opts: ServerCloneOptions, deps: ServerDeps): Promise<void> {
  const { openStore, copyWriter } = await import('../../server/index.js');
  const { io } = deps;
  const store = await openStore(opts.dbPath, {
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...dbTls(deps),
  });
  const progress = await io.progress('Cloning');
  try {
    const writer = await copyWriter(store);
    let counts: {
      organizations: number;
      devices: { count: number; bareOrganizations: number };
      types: Types;
    };
    try {
      const organizations = opts.rootOrg ? await copyTree(opts.source, writer, opts.rootOrg, progress) : 0;
      const devices = await copyDevices(opts.source, writer, progress);
      const types = await copyCodeTypes(opts.source, writer);
      counts = { organizations, devices, types };
    } catch (err) {
      // The pages written so far stay when the clone stops early (a failure, Ctrl-C): a re-run refreshes them.
      await writer.end().catch(() => undefined);
      throw err;
    }
    await writer.end();
    progress.stop();
    io.note(`Not copied: ${NOT_COPIED}.`);
    await printSummary(io, opts.output, 'Cloned', {
      organizations: counts.organizations + counts.devices.bareOrganizations,
      edgeDevices: counts.devices.count,
      codeTypes: counts.types.codeTypes,
      codes: counts.types.codes,
    });
  } finally {
    progress.stop();
    await store.close();
  }
}

type Progress = { update(text: string): void };

/** The root (bare: the interface cannot read it) and every organization below it, parents first. */
async function copyTree(
  api: ApiClient,
  writer: CopyWriter,
  root: string,
  progress: Progress,
): Promise<number> {
  await writer.bareOrganization(root);
  let count = 1;
  const seen = new Set([root]);
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    const children = listSubOrganizations(api, parent, { pageSize: PAGE_SIZE, all: true });
    for await (const child of children) {
      if (typeof child.uuid !== 'string' || seen.has(child.uuid)) continue;
      seen.add(child.uuid);
      await writer.organization({ ...child, uuid: child.uuid, organizationUuid: parent });
      queue.push(child.uuid);
      progress.update(`Cloning organizations: ${++count}`);
    }
  }
  return count;
}

/** Every device the listing shows, a page at a time, committed in steps of pages (copyWriter). */
async function copyDevices(
  api: ApiClient,
  writer: CopyWriter,
  progress: Progress,
): Promise<{ count: number; bareOrganizations: number }> {
  let count = 0;
  let bareOrganizations = 0;
  const known = new Set<string>();
  let page: (EdgeDevice & { uuid: string; orgUUID: string })[] = [];
  let total: number | undefined;
  const flush = async () => {
    await writer.devices(page);
    count += page.length;
    page = [];
    progress.update(`Cloning edge devices: ${count}${total === undefined ? '' : ` of ${total}`}`);
  };
  const devices = listEdgeDevices(api, {
    pageSize: PAGE_SIZE,
    all: true,
    onPage: (_fetched, t) => {
      total = t;
    },
  });
  const { recordsOf } = await import('../../domain/record-lines.js');
  // A page at a time: a few promises a page instead of several a device.
  for await (const batch of devices.pages) {
    for (const d of recordsOf(batch)) {
      if (typeof d.uuid !== 'string' || typeof d.orgUUID !== 'string') continue;
      if (!known.has(d.orgUUID)) {
        known.add(d.orgUUID);
        if (!(await writer.hasOrganization(d.orgUUID))) {
          await writer.bareOrganization(d.orgUUID);
          bareOrganizations++;
        }
      }
      page.push(d as EdgeDevice & { uuid: string; orgUUID: string });
      if (page.length >= PAGE_SIZE) await flush();
    }
  }
  if (page.length > 0) await flush();
  // Only after the whole listing was read: an interrupted clone leaves the copy as it was, plus what it wrote.
  await writer.dropUnlisted();
  return { count, bareOrganizations };
}

type Types = { codeTypes: number; codes: number };

async function copyCodeTypes(api: ApiClient, writer: CopyWriter): Promise<Types> {
  let codeTypes = 0;
  let codes = 0;
  for await (const t of listCodeTypes(api, { pageSize: PAGE_SIZE, all: true })) {
    if (typeof t.uuid !== 'string') continue;
    await writer.codeType(t as CodeType & { uuid: string });
    codeTypes++;
    codes += (t.codes ?? []).length;
  }
  return { codeTypes, codes };
}

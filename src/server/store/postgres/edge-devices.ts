// The PostgreSQL repository of edge devices. Writes are set-wise, since a statement costs a round trip: a
// batch's new devices are one INSERT ... SELECT FROM unnest (its flows one more, its references one more), an
// import's are one COPY, and the organizations' device counts move once per batch, summed. Pages are keyset
// walks of the (created_on, uuid) index: the offset the interface asks for is found from the end of the page
// served before or from a mark every STRIDE keys, both remembered while the change token stays the same.
import { randomUUID } from 'node:crypto';
import type { EdgeDevice, ExternalReference } from '../../../domain/edge-device.js';
import { MASK, toRow } from '../columns.js';
import {
  DEVICE,
  DEVICE_COLUMNS,
  DEVICE_UPDATABLE,
  deviceOf,
  FLOW,
  FLOW_COLUMNS,
  flowOf,
  newDeviceRowOf,
  REF_COLUMNS,
  REFERENCE,
  referenceOf,
} from '../edge-device-columns.js';
import { keptPassword, type StoredReference } from '../entities.js';
import {
  type BatchOutcome,
  type DeviceBatch,
  type DeviceHead,
  type EdgeDeviceRepository,
  type ListingKey,
  type PlacedDevice,
  type Placement,
  StoreError,
} from '../port.js';
import { groupBy } from '../values.js';
import {
  columnArrays,
  copyLine,
  insertManySql,
  type Sql,
  scopeCte,
  serialKey,
  typedColumns,
  updateSets,
} from './sql.js';

/** What a stored password becomes: only that one is set (decisions.md, "Secrets"). */
const PASSWORD_SET = MASK;

const DEVICE_WRITE = [...typedColumns(DEVICE), { column: 'serial_key', type: 'text' as const }];
const FLOW_WRITE = typedColumns(FLOW, ['device_uuid']);
const REF_WRITE = typedColumns(REFERENCE, ['device_uuid']);
const INSERT_DEVICES = `${insertManySql('edge_devices', DEVICE_WRITE)}
  ON CONFLICT (org_uuid, serial_key) DO NOTHING RETURNING ${DEVICE_COLUMNS.join(', ')}`;
const INSERT_FLOWS = `${insertManySql('edge_flows', FLOW_WRITE)}
  ON CONFLICT (device_uuid, flow_id) DO UPDATE SET ${FLOW_COLUMNS.filter(
    (c) => !['device_uuid', 'flow_id', 'uuid', 'created_on'].includes(c),
  )
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ')}`;
const INSERT_REFS = insertManySql('external_references', REF_WRITE);
const MOVE_COUNTS = `INSERT INTO org_device_counts (org_uuid, n) SELECT * FROM unnest($1::text[], $2::int8[])
  ON CONFLICT (org_uuid) DO UPDATE SET n = org_device_counts.n + EXCLUDED.n`;
const SELECT_DEVICE = DEVICE_COLUMNS.map((c) => `d.${c}`).join(', ');
// Devices with their flows and references, in one statement: each child list a JSON array of rows (its
// columns in FLOW_COLUMNS / REF_COLUMNS order, as a row read as an array), found by the children's indexes for
// the devices `inner` selects (after its LIMIT and OFFSET: skipped rows look nothing up), each table once
// for the whole page rather than once a device. One round trip a page, not three.
const withChildren = (inner: string) => `WITH d AS MATERIALIZED (${inner}),
  f AS (SELECT f.device_uuid,
      json_agg(json_build_array(${FLOW_COLUMNS.map((c) => `f.${c}`).join(', ')}) ORDER BY f.created_on, f.flow_id) AS flows
    FROM edge_flows f WHERE f.device_uuid IN (SELECT uuid FROM d) GROUP BY f.device_uuid),
  r AS (SELECT r.device_uuid,
      json_agg(json_build_array(${REF_COLUMNS.map((c) => `r.${c}`).join(', ')}) ORDER BY r.created_on, r.uuid) AS refs
    FROM external_references r WHERE r.device_uuid IN (SELECT uuid FROM d) GROUP BY r.device_uuid)
  SELECT d.*, f.flows, r.refs FROM d LEFT JOIN f ON f.device_uuid = d.uuid LEFT JOIN r ON r.device_uuid = d.uuid
  ORDER BY d.created_on, d.uuid`;
const UUID_AT = DEVICE_COLUMNS.indexOf('uuid');
// The listing orders (created_on, then a key), as the database sorts them: numbers, then text byte by byte.
const DEVICE_ORDER = [DEVICE_COLUMNS.indexOf('created_on'), UUID_AT];
const FLOW_ORDER = [FLOW_COLUMNS.indexOf('created_on'), FLOW_COLUMNS.indexOf('flow_id')];
const REF_ORDER = [REF_COLUMNS.indexOf('created_on'), REF_COLUMNS.indexOf('uuid')];
function byKeys(a: readonly unknown[], b: readonly unknown[], keys: readonly number[]): number {
  for (const k of keys) {
    const [x, y] = [a[k], b[k]];
    const c =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : Buffer.compare(Buffer.from(String(x)), Buffer.from(String(y)));
    if (c !== 0) return c;
  }
  return 0;
}
const FLOWS_AT = DEVICE_COLUMNS.length;
const REFS_AT = DEVICE_COLUMNS.length + 1;
const copyInto = (table: string, columns: readonly { column: string }[]) =>
  `COPY ${table} (${columns.map((c) => c.column).join(', ')}) FROM STDIN`;
const COPY_DEVICES = copyInto('edge_devices', DEVICE_WRITE);
const COPY_FLOWS = copyInto('edge_flows', FLOW_WRITE);
const COPY_REFS = copyInto('external_references', REF_WRITE);

/** One key in STRIDE of a listing is remembered once a page that deep is asked for. */
const STRIDE = 200;
const MAX_REMEMBERED = 10_000;

/** Records of whole pages one change token keeps, in all: a few megabytes. */
const MAX_PAGE_RECORDS = 10_000;

/** What pages remember between requests at one change token, shared by every session that reads at it. */
export class ListingMemory {
  readonly pageEnds = new Map<string, ListingKey>();
  readonly marks = new Map<string, ListingKey[]>();
  readonly counts = new Map<string, number>();
  readonly whole = new Map<string, boolean>();
  /** Pages as answered, by root, size, offset and time zone: frozen, as every reader shares them. */
  readonly pages = new Map<string, readonly EdgeDevice[]>();
  private pageRecords = 0;
  keepPage(key: string, list: EdgeDevice[]): void {
    if (list.length > MAX_PAGE_RECORDS) return;
    if (this.pageRecords + list.length > MAX_PAGE_RECORDS) {
      this.pages.clear();
      this.pageRecords = 0;
    }
    for (const d of list) {
      for (const f of d.edgeFlows ?? []) Object.freeze(f);
      for (const r of d.externalReferences ?? []) Object.freeze(r);
      Object.freeze(d.edgeFlows);
      Object.freeze(d.externalReferences);
      Object.freeze(d);
    }
    this.pages.set(key, Object.freeze(list));
    this.pageRecords += list.length;
  }
}

/**
 * The memories of the two change tokens read last. Each reader fills the memory of its own snapshot's token:
 * a read that began before a write and ends after it never leaves what it saw in the memory of the newer
 * token, whatever the order the two reads end in.
 */
export class ListingMemories {
  private readonly kept = new Map<string, ListingMemory>();
  at(token: string): ListingMemory {
    let memory = this.kept.get(token);
    if (!memory) {
      if (this.kept.size >= 2) this.kept.delete(this.kept.keys().next().value!);
      memory = new ListingMemory();
      this.kept.set(token, memory);
    }
    return memory;
  }
  /** The memory of `token` when there is one, without making one. */
  peek(token: string): ListingMemory | undefined {
    return this.kept.get(token);
  }
}

export interface DeviceContext {
  sql: Sql;
  /** COPY rows (text format) into the table of `copy`; only on a connection of one's own (a session). */
  copyIn(copy: string, rows: AsyncIterable<string> | Iterable<string>): Promise<void>;
  /** The memory at the current change token; undefined inside a write transaction (its own writes unseen). */
  memory(): Promise<ListingMemory | undefined>;
}

type DeviceRowObject = Record<string, unknown> & {
  uuid: string;
  org_uuid: string;
  serial_number: string | null;
};

const head = (r: { uuid: string; org_uuid: string; serial_number: string | null }): DeviceHead => ({
  uuid: r.uuid,
  orgUuid: r.org_uuid,
  serialNumber: r.serial_number,
});

/** A new device's row: server stamps, active and enabled unless it says otherwise. */
function newDeviceRow(d: EdgeDevice, at: Placement, now: number): DeviceRowObject {
  const row = newDeviceRowOf(d, at, now) as unknown as DeviceRowObject;
  row.serial_key = serialKey(row.serial_number);
  return row;
}

function flowRow(
  deviceUuid: string,
  f: NonNullable<EdgeDevice['edgeFlows']>[number],
  uuid: string,
  now: number,
) {
  return {
    ...toRow(FLOW, f, {
      uuid,
      flow_id: f.flowId ?? f.uuid ?? randomUUID(),
      is_active: f.isActive === false ? 0 : 1,
      is_disabled: f.isDisabled === true ? 1 : 0,
      created_on: now,
      modified_on: now,
    }),
    device_uuid: deviceUuid,
  } as Record<string, unknown>;
}

function refRow(
  deviceUuid: string,
  r: ExternalReference,
  uuid: string,
  password: string | null,
  now: number,
) {
  return {
    ...toRow(REFERENCE, r, {
      uuid,
      password,
      is_active: r.isActive === false ? 0 : 1,
      created_on: now,
      modified_on: now,
    }),
    device_uuid: deviceUuid,
  } as Record<string, unknown>;
}

export function edgeDeviceRepository(ctx: DeviceContext): EdgeDeviceRepository {
  const { sql } = ctx;

  async function moveCounts(moved: Map<string, number>): Promise<void> {
    // Sorted: two batches moving the same organizations take their rows in one order, never a deadlock.
    const entries = [...moved].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return;
    await sql.run(MOVE_COUNTS, [entries.map(([o]) => o), entries.map(([, n]) => n)]);
  }

  /**
   * Flows and references of new devices, one statement a table; a flow uuid or reference uuid taken is renewed.
   * A batch has them back as stored (the columns' own types), for its answer. An import, which answers with
   * counts, COPYs them (`way` 'copy'): its devices are new, so no flow of theirs can be there to update, and
   * COPY spares the database the unnest of every column and the rows sent back.
   */
  async function insertChildren(
    list: readonly { uuid: string; d: EdgeDevice }[],
    now: number,
    way: 'answered' | 'copy' = 'answered',
  ): Promise<{ flows: unknown[][]; refs: unknown[][] }> {
    const flows: Record<string, unknown>[] = [];
    const refs: Record<string, unknown>[] = [];
    // Only the devices that have any: an import's batch is thousands of devices, most of them bare, and
    // a list and a map made for each cost the import a tenth of its time in the collector.
    const parents = list.filter(({ d }) => d.edgeFlows?.length || d.externalReferences?.length);
    const flowUuids = parents.flatMap(({ d }) =>
      (d.edgeFlows ?? []).map((f) => f.uuid).filter((u): u is string => !!u),
    );
    const refUuids = parents.flatMap(({ d }) =>
      (d.externalReferences ?? []).map((r) => r.uuid).filter((u): u is string => !!u),
    );
    const taken = new Set<string>();
    if (flowUuids.length)
      for (const r of await sql.rows<{ uuid: string }>('SELECT uuid FROM edge_flows WHERE uuid = ANY($1)', [
        flowUuids,
      ]))
        taken.add(r.uuid);
    if (refUuids.length)
      for (const r of await sql.rows<{ uuid: string }>(
        'SELECT uuid FROM external_references WHERE uuid = ANY($1)',
        [refUuids],
      ))
        taken.add(r.uuid);
    const fresh = (u: string | null | undefined) => {
      if (!u || taken.has(u)) return randomUUID();
      taken.add(u);
      return u;
    };
    for (const { uuid, d } of parents) {
      // A flow named twice in one device: the last one's fields, as upserts in order would leave it.
      const byId = new Map<string, Record<string, unknown>>();
      for (const f of d.edgeFlows ?? []) {
        const row = flowRow(uuid, f, fresh(f.uuid), now);
        const before = byId.get(row.flow_id as string);
        if (before) row.uuid = before.uuid;
        byId.set(row.flow_id as string, row);
      }
      flows.push(...byId.values());
      for (const r of d.externalReferences ?? []) {
        const password = r.password == null || r.password === MASK ? null : PASSWORD_SET;
        refs.push(refRow(uuid, r, fresh(r.uuid), password, now));
      }
    }
    if (way === 'copy') {
      if (flows.length)
        await ctx.copyIn(
          COPY_FLOWS,
          flows.map((r) => copyLine(r, FLOW_WRITE)),
        );
      if (refs.length)
        await ctx.copyIn(
          COPY_REFS,
          refs.map((r) => copyLine(r, REF_WRITE)),
        );
      return { flows: [], refs: [] };
    }
    return {
      flows: flows.length
        ? await sql.arrays(
            `${INSERT_FLOWS} RETURNING ${FLOW_COLUMNS.join(', ')}`,
            columnArrays(flows, FLOW_WRITE),
          )
        : [],
      refs: refs.length
        ? await sql.arrays(
            `${INSERT_REFS} RETURNING ${REF_COLUMNS.join(', ')}`,
            columnArrays(refs, REF_WRITE),
          )
        : [],
    };
  }

  /** The records of rows selected with SELECT_DEVICE (their flows and references with them). */
  function records(rows: unknown[][], tz: string): EdgeDevice[] {
    return rows.map((d) => {
      const record = deviceOf(d, tz);
      record.edgeFlows = ((d[FLOWS_AT] as unknown[][] | null) ?? []).map((f) => flowOf(f, tz, 1));
      record.externalReferences = ((d[REFS_AT] as unknown[][] | null) ?? []).map((r) =>
        referenceOf(r, tz, 1),
      );
      return record;
    });
  }

  async function load(uuids: readonly string[], tz: string): Promise<EdgeDevice[]> {
    if (uuids.length === 0) return [];
    const rows = await sql.arrays(
      withChildren(`SELECT ${SELECT_DEVICE} FROM edge_devices d WHERE d.uuid = ANY($1)`),
      [[...uuids]],
    );
    return records(rows, tz);
  }

  async function get(uuid: string) {
    const r = (
      await sql.rows<DeviceRowObject>(
        'SELECT uuid, org_uuid, serial_number FROM edge_devices WHERE uuid = $1',
        [uuid],
      )
    )[0];
    return r ? head(r) : undefined;
  }

  async function bySerial(orgUuid: string, serial: string) {
    const r = (
      await sql.rows<DeviceRowObject>(
        'SELECT uuid, org_uuid, serial_number FROM edge_devices WHERE org_uuid = $1 AND serial_key = $2',
        [orgUuid, serialKey(serial)],
      )
    )[0];
    return r ? head(r) : undefined;
  }

  async function update(uuid: string, patch: Partial<EdgeDevice>, now: number): Promise<void> {
    const { sets, values } = updateSets(DEVICE, DEVICE_UPDATABLE, patch, 3);
    if (patch.serialNumber !== undefined) {
      values.push(serialKey(patch.serialNumber));
      sets.push(`serial_key = $${values.length + 2}`);
    }
    // The organization it leaves, read under the row's lock: the counts move with the device.
    const before = patch.orgUUID
      ? (
          await sql.rows<{ org_uuid: string }>(
            'SELECT org_uuid FROM edge_devices WHERE uuid = $1 FOR UPDATE',
            [uuid],
          )
        )[0]
      : undefined;
    await sql.run(`UPDATE edge_devices SET ${[...sets, 'modified_on = $2'].join(', ')} WHERE uuid = $1`, [
      uuid,
      now,
      ...values,
    ]);
    if (before && patch.orgUUID && before.org_uuid !== patch.orgUUID) {
      await moveCounts(
        new Map([
          [before.org_uuid, -1],
          [patch.orgUUID, 1],
        ]),
      );
    }
  }

  async function upsertFlow(
    deviceUuid: string,
    f: NonNullable<EdgeDevice['edgeFlows']>[number],
    now: number,
  ) {
    const flowId = f.flowId ?? f.uuid ?? randomUUID();
    const holder = f.uuid
      ? (
          await sql.rows<{ device_uuid: string; flow_id: string }>(
            'SELECT device_uuid, flow_id FROM edge_flows WHERE uuid = $1',
            [f.uuid],
          )
        )[0]
      : undefined;
    const free = !holder || (holder.device_uuid === deviceUuid && holder.flow_id === flowId);
    const row = flowRow(deviceUuid, { ...f, flowId }, f.uuid && free ? f.uuid : randomUUID(), now);
    await sql.run(INSERT_FLOWS, columnArrays([row], FLOW_WRITE));
  }

  async function replaceReferences(deviceUuid: string, refs: readonly ExternalReference[], now: number) {
    const stored = await sql.rows<StoredReference>(
      'DELETE FROM external_references WHERE device_uuid = $1 RETURNING uuid, entity_type_code_identifier, sub_type, user_name, password',
      [deviceUuid],
    );
    if (refs.length === 0) return;
    const given = refs.map((r) => r.uuid).filter((u): u is string => !!u);
    const taken = new Set(
      given.length
        ? (
            await sql.rows<{ uuid: string }>('SELECT uuid FROM external_references WHERE uuid = ANY($1)', [
              given,
            ])
          ).map((r) => r.uuid)
        : [],
    );
    const rows = refs.map((r) => {
      const uuid = r.uuid && !taken.has(r.uuid) ? r.uuid : randomUUID();
      taken.add(uuid);
      const password =
        r.password === MASK
          ? keptPassword(stored, r)
            ? PASSWORD_SET
            : null
          : r.password == null
            ? null
            : PASSWORD_SET;
      return refRow(deviceUuid, r, uuid, password, now);
    });
    await sql.run(INSERT_REFS, columnArrays(rows, REF_WRITE));
  }

  /**
   * New devices in one statement: the rows as stored, or the index (in `rows`) of the first whose serial number
   * was taken.
   */
  async function insertNew(
    rows: readonly DeviceRowObject[],
  ): Promise<{ stored: unknown[][]; clash?: undefined } | { clash: number }> {
    if (rows.length === 0) return { stored: [] };
    const stored = await sql.arrays(INSERT_DEVICES, columnArrays(rows, DEVICE_WRITE));
    if (stored.length === rows.length) return { stored };
    const saved = new Set(stored.map((r) => r[UUID_AT] as string));
    return { clash: rows.findIndex((r) => !saved.has(r.uuid)) };
  }

  /** Records of rows as a write returned them, in listing order, each device's children in theirs. */
  function storedRecords(
    stored: { devices: unknown[][]; flows: unknown[][]; refs: unknown[][] },
    tz: string,
  ): EdgeDevice[] {
    const flowsOf = groupBy(
      stored.flows.sort((a, b) => byKeys(a, b, FLOW_ORDER)),
      (f) => f[0] as string,
    );
    const refsOf = groupBy(
      stored.refs.sort((a, b) => byKeys(a, b, REF_ORDER)),
      (r) => r[0] as string,
    );
    return stored.devices
      .sort((a, b) => byKeys(a, b, DEVICE_ORDER))
      .map((d) => {
        const record = deviceOf(d, tz);
        record.edgeFlows = (flowsOf.get(d[UUID_AT] as string) ?? []).map((f) => flowOf(f, tz, 1));
        record.externalReferences = (refsOf.get(d[UUID_AT] as string) ?? []).map((r) =>
          referenceOf(r, tz, 1),
        );
        return record;
      });
  }

  function batch(now: number): DeviceBatch {
    const queue: { d: EdgeDevice; at: Placement; existing: boolean }[] = [];
    const saved: string[] = [];
    let answer: { devices: unknown[][]; flows: unknown[][]; refs: unknown[][] } | undefined;
    return {
      save: (d, at, existing) => void queue.push({ d, at, existing }),
      async end(): Promise<BatchOutcome> {
        const fresh = queue.filter((q) => !q.existing);
        const rows = fresh.map((q) => newDeviceRow(q.d, q.at, now));
        const inserted = await insertNew(rows);
        if (inserted.clash !== undefined)
          return { saved: false, clash: queue.indexOf(fresh[inserted.clash]!) };
        const children = await insertChildren(
          fresh.map((q) => ({ uuid: q.at.uuid, d: q.d })),
          now,
        );
        // A batch of new devices only answers with what it stored, without reading it back.
        if (fresh.length === queue.length) answer = { ...children, devices: inserted.stored };
        const added = new Map<string, number>();
        for (const r of rows) added.set(r.org_uuid, (added.get(r.org_uuid) ?? 0) + 1);
        await moveCounts(added);
        // Existing devices one by one: an update is a request's rarer path, and each checks its own clash.
        for (const [i, q] of queue.entries()) {
          if (!q.existing) continue;
          const other = q.d.serialNumber ? await bySerial(q.at.orgUUID, q.d.serialNumber) : undefined;
          if (other && other.uuid !== q.at.uuid) return { saved: false, clash: i };
          await update(q.at.uuid, { ...q.d, orgUUID: q.at.orgUUID, userUUID: q.at.userUUID ?? null }, now);
          for (const f of q.d.edgeFlows ?? []) await upsertFlow(q.at.uuid, f, now);
          if (q.d.externalReferences) await replaceReferences(q.at.uuid, q.d.externalReferences, now);
        }
        saved.push(...queue.map((q) => q.at.uuid));
        return { saved: true };
      },
      records: async (tz) => (answer ? storedRecords(answer, tz) : load(saved, tz)),
    };
  }

  // ---- Pages. ----

  /**
   * A page's statement: $1 the root, $2 and $3 the key the page starts after, then the rows skipped. The page
   * size is written into the text, and OFFSET only when rows are skipped: a LIMIT or OFFSET left a parameter
   * makes PostgreSQL assume a tenth of the table for a plan kept across calls, so it plans every call
   * afresh. `all`: the scope holds every organization, so every device, and no entry walked is checked
   * against it ($1 unused).
   */
  function pageSql(all: boolean, what: string, limit: number, after: boolean, skip: number): string {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new StoreError('other', `not a page size: ${limit}`);
    const key = after ? 'AND (d.created_on, d.uuid) > ($2, $3)' : '';
    return `${all ? '' : scopeCte('$1')} SELECT ${what} FROM edge_devices d
      WHERE ${all ? '$1::text IS NOT NULL' : 'd.org_uuid IN (SELECT uuid FROM scope)'} ${key}
      ORDER BY d.created_on, d.uuid LIMIT ${limit}${skip > 0 ? ` OFFSET $${after ? 4 : 2}` : ''}`;
  }
  const pageValues = (root: string, after: ListingKey | undefined, skip: number) => [
    root,
    ...(after ? [after.createdOn, after.uuid] : []),
    ...(skip > 0 ? [skip] : []),
  ];

  async function holdsAll(root: string, memory: ListingMemory | undefined): Promise<boolean> {
    const known = memory?.whole.get(root);
    if (known !== undefined) return known;
    const r = await sql.rows<{ all: boolean }>(
      `${scopeCte('$1')} SELECT (SELECT count(DISTINCT uuid) FROM scope) = (SELECT count(*) FROM organizations) AS all`,
      [root],
    );
    const all = r[0]?.all === true;
    memory?.whole.set(root, all);
    return all;
  }

  async function seekFrom(
    root: string,
    offset: number,
    memory: ListingMemory | undefined,
  ): Promise<{ after: ListingKey; skip: number } | undefined> {
    const end = offset > 0 ? memory?.pageEnds.get(`${root}:${offset}`) : undefined;
    if (end) return { after: end, skip: 0 };
    if (offset < STRIDE) return undefined;
    let list = memory?.marks.get(root);
    if (!list) {
      // One pass over the index per change token, instead of one skip per deep page.
      const rows = await sql.arrays(
        `${scopeCte('$1')} SELECT created_on, uuid FROM (
          SELECT d.created_on, d.uuid, row_number() OVER (ORDER BY d.created_on, d.uuid) AS n
          FROM edge_devices d WHERE d.org_uuid IN (SELECT uuid FROM scope)
        ) x WHERE n % $2 = 0 ORDER BY n`,
        [root, STRIDE],
      );
      list = rows.map((r) => ({ createdOn: r[0] as number, uuid: r[1] as string }));
      memory?.marks.set(root, list);
    }
    const i = Math.min(Math.floor(offset / STRIDE), list.length);
    return i === 0 ? undefined : { after: list[i - 1]!, skip: offset - i * STRIDE };
  }

  async function pageRows(root: string, limit: number, offset: number, what: string): Promise<unknown[][]> {
    const memory = await ctx.memory();
    const all = await holdsAll(root, memory);
    const from = await seekFrom(root, offset, memory);
    const after = from?.after;
    const skip = from ? from.skip : offset;
    const text = pageSql(all, what, limit, after !== undefined, skip);
    const rows = await sql.arrays(
      what === SELECT_DEVICE ? withChildren(text) : text,
      pageValues(root, after, skip),
    );
    const last = rows[rows.length - 1];
    if (memory && last && rows.length === limit) {
      if (memory.pageEnds.size >= MAX_REMEMBERED) memory.pageEnds.clear();
      const uuidAt = what === 'd.uuid, d.created_on' ? 0 : DEVICE_COLUMNS.indexOf('uuid');
      const createdAt = what === 'd.uuid, d.created_on' ? 1 : DEVICE_COLUMNS.indexOf('created_on');
      memory.pageEnds.set(`${root}:${offset + limit}`, {
        uuid: last[uuidAt] as string,
        createdOn: last[createdAt] as number,
      });
    }
    return rows;
  }

  // ---- Import and clone. ----

  let checkingNow = true;
  let immediate = false;
  // Organizations found stored by an earlier batch of this session's import: not looked up again.
  const stored = new Set<string>();
  async function importBatch(list: readonly PlacedDevice[], now: number): Promise<void> {
    if (list.length === 0) return;
    // The organization key checked by the COPY itself, while the caller reads the next batch, rather than
    // one device at a time at the commit: only while every batch so far named organizations already stored
    // (setting it immediate would check the deferred ones of an earlier batch, whose organization may come
    // later in the file).
    const orgs = [...new Set(list.map((d) => d.orgUUID))].filter((o) => !stored.has(o));
    if (checkingNow && orgs.length) {
      const found = await sql.rows<{ n: number }>(
        'SELECT count(*)::int AS n FROM organizations WHERE uuid = ANY($1)',
        [orgs],
      );
      if (found[0]!.n !== orgs.length) {
        checkingNow = false;
        await sql.run('SET CONSTRAINTS edge_devices_org_uuid_fkey DEFERRED');
      } else {
        for (const o of orgs) stored.add(o);
        if (!immediate) {
          immediate = true;
          await sql.run('SET CONSTRAINTS edge_devices_org_uuid_fkey IMMEDIATE');
        }
      }
    }
    // The fast path: COPY, in a savepoint; a key taken (a device imported again, a serial number in use)
    // undoes it, and the batch goes the way of a bulk add, which names the clash. Each row is made as its line
    // is written, so the first lines go out at once: the database waits on this process at every batch's start.
    await sql.run('SAVEPOINT ccp_import_copy');
    try {
      await ctx.copyIn(
        COPY_DEVICES,
        (function* () {
          for (const d of list)
            yield copyLine(
              newDeviceRow(d, { uuid: d.uuid, orgUUID: d.orgUUID, userUUID: d.userUUID }, now),
              DEVICE_WRITE,
            );
        })(),
      );
      await sql.run('RELEASE SAVEPOINT ccp_import_copy');
    } catch (err) {
      if (!(err instanceof StoreError && err.engineCode === '23505')) throw err;
      await sql.run('ROLLBACK TO SAVEPOINT ccp_import_copy');
      const existing = new Set(
        (
          await sql.rows<{ uuid: string }>('SELECT uuid FROM edge_devices WHERE uuid = ANY($1)', [
            list.map((d) => d.uuid),
          ])
        ).map((r) => r.uuid),
      );
      const b = batch(now);
      for (const d of list)
        b.save(d, { uuid: d.uuid, orgUUID: d.orgUUID, userUUID: d.userUUID }, existing.has(d.uuid));
      const outcome = await b.end();
      if (!outcome.saved) {
        const d = list[outcome.clash]!;
        throw new StoreError(
          'constraint',
          `device ${outcome.clash}: serial number ${d.serialNumber} is taken in organization ${d.orgUUID}`,
          '23505',
          outcome.clash,
        );
      }
      return;
    }
    await insertChildren(
      list.map((d) => ({ uuid: d.uuid, d })),
      now,
      'copy',
    );
    const added = new Map<string, number>();
    for (const d of list) added.set(d.orgUUID, (added.get(d.orgUUID) ?? 0) + 1);
    await moveCounts(added);
  }

  async function copy(
    list: readonly PlacedDevice[],
    now: number,
    instant: (v: unknown) => number | undefined,
  ): Promise<void> {
    if (list.length === 0) return;
    const uuids = list.map((d) => d.uuid);
    const moved = new Map<string, number>();
    const move = (org: string, n: number) => moved.set(org, (moved.get(org) ?? 0) + n);
    // A device of the copy holding a serial number in the organization under another uuid is one the service
    // no longer has: it goes.
    const stale = await sql.rows<{ org_uuid: string }>(
      `DELETE FROM edge_devices d USING unnest($1::text[], $2::text[], $3::text[]) AS s(uuid, org, key)
       WHERE d.org_uuid = s.org AND d.serial_key = s.key AND d.uuid <> s.uuid RETURNING d.org_uuid`,
      [uuids, list.map((d) => d.orgUUID), list.map((d) => serialKey(d.serialNumber))],
    );
    for (const s of stale) move(s.org_uuid, -1);
    const before = new Map(
      (
        await sql.rows<{ uuid: string; org_uuid: string }>(
          'SELECT uuid, org_uuid FROM edge_devices WHERE uuid = ANY($1)',
          [uuids],
        )
      ).map((r) => [r.uuid, r.org_uuid]),
    );
    const rows = list.map((d) => {
      const created = instant(d.createdOn) ?? now;
      const row = toRow(DEVICE, d, {
        created_on: created,
        modified_on: instant(d.modifiedOn) ?? created,
      }) as Record<string, unknown>;
      row.serial_key = serialKey(row.serial_number);
      const from = before.get(d.uuid);
      if (from !== d.orgUUID) {
        if (from) move(from, -1);
        move(d.orgUUID, 1);
      }
      return row;
    });
    const sets = DEVICE_WRITE.filter((c) => c.column !== 'uuid')
      .map((c) => `${c.column} = EXCLUDED.${c.column}`)
      .join(', ');
    await sql.run(
      `${insertManySql('edge_devices', DEVICE_WRITE)} ON CONFLICT (uuid) DO UPDATE SET ${sets}`,
      columnArrays(rows, DEVICE_WRITE),
    );
    const known = [...before.keys()];
    if (known.length) {
      await sql.run('DELETE FROM edge_flows WHERE device_uuid = ANY($1)', [known]);
      await sql.run('DELETE FROM external_references WHERE device_uuid = ANY($1)', [known]);
    }
    const flows: Record<string, unknown>[] = [];
    const refs: Record<string, unknown>[] = [];
    for (const d of list) {
      const created = instant(d.createdOn) ?? now;
      for (const f of d.edgeFlows ?? []) {
        const at = instant(f.createdOn) ?? created;
        flows.push({
          ...toRow(FLOW, f, {
            uuid: f.uuid ?? randomUUID(),
            flow_id: f.flowId ?? f.uuid ?? randomUUID(),
            created_on: at,
            modified_on: instant(f.modifiedOn) ?? at,
          }),
          device_uuid: d.uuid,
        });
      }
      for (const r of d.externalReferences ?? []) {
        const at = instant(r.createdOn) ?? created;
        refs.push({
          ...toRow(REFERENCE, r, {
            uuid: r.uuid ?? randomUUID(),
            password: null,
            created_on: at,
            modified_on: instant(r.modifiedOn) ?? at,
          }),
          device_uuid: d.uuid,
        });
      }
    }
    if (flows.length) await sql.run(INSERT_FLOWS, columnArrays(flows, FLOW_WRITE));
    if (refs.length)
      await sql.run(
        `${INSERT_REFS} ON CONFLICT (uuid) DO UPDATE SET ${REF_COLUMNS.filter((c) => c !== 'uuid')
          .map((c) => `${c} = EXCLUDED.${c}`)
          .join(', ')}`,
        columnArrays(refs, REF_WRITE),
      );
    await moveCounts(moved);
  }

  let noting = true;
  const listed = {
    async begin() {
      noting = (await sql.rows('SELECT 1 FROM edge_devices LIMIT 1')).length > 0;
      if (!noting) return;
      // A temporary table of the connection, kept across the commits of a clone's steps (Store.steps): it
      // goes at dropOthers, or with the connection. One an earlier run left on a pooled connection is emptied.
      await sql.run('CREATE TEMP TABLE IF NOT EXISTS ccp_listed_devices (uuid TEXT COLLATE "C" PRIMARY KEY)');
      await sql.run('TRUNCATE ccp_listed_devices');
    },
    async note(uuids: readonly string[]) {
      if (!noting || uuids.length === 0) return;
      await sql.run(
        'INSERT INTO ccp_listed_devices (uuid) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
        [[...uuids]],
      );
    },
    async dropOthers() {
      if (!noting) return 0;
      const gone = await sql.run(
        'DELETE FROM edge_devices WHERE uuid NOT IN (SELECT uuid FROM ccp_listed_devices)',
      );
      if (gone > 0) {
        await sql.run('DELETE FROM org_device_counts');
        await sql.run(
          'INSERT INTO org_device_counts (org_uuid, n) SELECT org_uuid, count(*) FROM edge_devices GROUP BY org_uuid',
        );
      }
      await sql.run('DROP TABLE ccp_listed_devices');
      return gone;
    },
  };

  return {
    get,
    bySerial,
    load,
    async insert(d, now) {
      const row = newDeviceRow(d, { uuid: d.uuid, orgUUID: d.orgUUID, userUUID: d.userUUID }, now);
      if ((await insertNew([row])).clash !== undefined) return false;
      await moveCounts(new Map([[row.org_uuid, 1]]));
      return true;
    },
    update,
    upsertFlow,
    replaceReferences,
    async touch(uuid, now) {
      await sql.run('UPDATE edge_devices SET modified_on = $1 WHERE uuid = $2', [now, uuid]);
    },
    async page(root, limit, offset, tz) {
      const memory = await ctx.memory();
      const key = `${root}:${limit}:${offset}:${tz}`;
      const kept = memory?.pages.get(key);
      if (kept) return kept as EdgeDevice[];
      const list = records(await pageRows(root, limit, offset, SELECT_DEVICE), tz);
      memory?.keepPage(key, list);
      return list;
    },
    pageKeys: async (root, limit, offset) =>
      (await pageRows(root, limit, offset, 'd.uuid, d.created_on')).map((r) => r[0] as string),
    async pageAfter(root, limit, after, tz) {
      const memory = await ctx.memory();
      const all = await holdsAll(root, memory);
      const rows = await sql.arrays(
        withChildren(pageSql(all, SELECT_DEVICE, limit, after != null, 0)),
        pageValues(root, after ?? undefined, 0),
      );
      const last = rows[rows.length - 1];
      const next =
        last && rows.length === limit
          ? {
              uuid: last[DEVICE_COLUMNS.indexOf('uuid')] as string,
              createdOn: last[DEVICE_COLUMNS.indexOf('created_on')] as number,
            }
          : null;
      return { records: records(rows, tz), next };
    },
    async countInScope(root) {
      const memory = await ctx.memory();
      const known = memory?.counts.get(root);
      if (known !== undefined) return known;
      const n = (
        await sql.rows<{ n: number }>(
          `${scopeCte('$1')} SELECT coalesce(sum(n), 0) AS n FROM org_device_counts WHERE org_uuid IN (SELECT uuid FROM scope)`,
          [root],
        )
      )[0]!.n;
      memory?.counts.set(root, n);
      return n;
    },
    countInOrg: async (orgUuid) =>
      (
        await sql.rows<{ n: number }>(
          'SELECT coalesce((SELECT n FROM org_device_counts WHERE org_uuid = $1), 0) AS n',
          [orgUuid],
        )
      )[0]!.n,
    batch,
    importBatch,
    copy,
    listed,
  };
}

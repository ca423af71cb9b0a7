import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { OrgAddress, Organization, OrganizationOption } from '../../domain/organization.js';
import { bind, fromRow, insertSql, type RowOf, toRow, updateOf } from './columns.js';
import {
  ADDRESS,
  ADDRESS_COLUMNS,
  type AddressRow,
  ORG_OPTION as OPTION,
  ORG_COLUMNS,
  ORG_UPDATABLE,
  ORGANIZATION,
  type OrgRow,
} from './entities.js';
import { ANCESTRY_CHECK, MAX_TREE_DEPTH, SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';
import { groupBy, keyList, type Stamps } from './values.js';

type OptionRow = RowOf<typeof OPTION>;

export function organizationRepo(db: Database.Database) {
  const putOrg = prepared(() =>
    db.prepare(insertSql('organizations', ORG_COLUMNS, { key: 'uuid', keep: ['created_on'] })),
  );
  const getOrg = prepared(() => db.prepare<[string], OrgRow>('SELECT * FROM organizations WHERE uuid = ?'));
  const upsertAddress = prepared(() =>
    db.prepare(insertSql('org_addresses', ADDRESS_COLUMNS, { key: 'org_uuid', keep: ['created_on'] })),
  );
  const getAddress = prepared(() =>
    db.prepare<[string], AddressRow>('SELECT * FROM org_addresses WHERE org_uuid = ?'),
  );
  const addressesOf = prepared(() =>
    db.prepare<[string], AddressRow>(
      'SELECT * FROM org_addresses WHERE org_uuid IN (SELECT value FROM json_each(?))',
    ),
  );
  const childKeys = prepared(() =>
    db.prepare<[string, number, number], { uuid: string }>(
      `SELECT uuid FROM organizations WHERE parent_uuid = ? ORDER BY created_on, uuid LIMIT ? OFFSET ?`,
    ),
  );
  const childCount = prepared(() =>
    db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM organizations WHERE parent_uuid = ?'),
  );
  const rowsOf = prepared(() =>
    db.prepare<[string], OrgRow>(
      'SELECT * FROM organizations WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
    ),
  );
  const childrenOf = prepared(() =>
    db.prepare<[string], { uuid: string; parent_uuid: string; org_name: string | null }>(
      `SELECT uuid, parent_uuid, org_name FROM organizations
     WHERE parent_uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid`,
    ),
  );
  const inScope = prepared(() =>
    db.prepare<[{ root: string; target: string }], { one: number }>(ANCESTRY_CHECK),
  );
  const scopeOf = prepared(() =>
    db.prepare<[{ root: string }], { uuid: string }>(`${SCOPE_CTE} SELECT DISTINCT uuid FROM scope`),
  );
  const roots = prepared(() =>
    db.prepare<[], { uuid: string; org_name: string | null }>(
      'SELECT uuid, org_name FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid',
    ),
  );
  const upsertOption = prepared(() =>
    db.prepare(
      `INSERT INTO org_options (uuid, org_uuid, key, value, is_active, created_on, updated_on)
     VALUES (@uuid, @org_uuid, @key, @value, @is_active, @created_on, @updated_on)
     ON CONFLICT (org_uuid, key) DO UPDATE SET value = excluded.value,
       is_active = coalesce(excluded.is_active, org_options.is_active), updated_on = excluded.updated_on`,
    ),
  );
  const getOption = prepared(() =>
    db.prepare<[string, string], OptionRow>('SELECT * FROM org_options WHERE org_uuid = ? AND key = ?'),
  );

  /** Loads whole records for the keys, in listing order, with addresses and children in batched queries. */
  function load(uuids: string[], tz: string): Organization[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const addresses = new Map(
      addressesOf()
        .all(keys)
        .map((a) => [a.org_uuid, a]),
    );
    const children = groupBy(childrenOf().all(keys), (c) => c.parent_uuid);
    return rowsOf()
      .all(keys)
      .map((r) => {
        const address = addresses.get(r.uuid);
        return {
          ...fromRow<Organization>(ORGANIZATION, r, tz),
          orgAddress: address ? fromRow<OrgAddress>(ADDRESS, address, tz) : null,
          suborganization: (children.get(r.uuid) ?? []).map((s) => ({ uuid: s.uuid, orgName: s.org_name })),
        };
      });
  }

  function putAddress(orgUuid: string, a: OrgAddress, now: number, createdOn?: number): void {
    const row = toRow(ADDRESS, a, { created_on: createdOn ?? now, updated_on: now });
    upsertAddress().run(bind({ ...row, org_uuid: orgUuid }, ADDRESS_COLUMNS));
  }

  return {
    get: (uuid: string) => getOrg().get(uuid),
    exists: (uuid: string) => getOrg().get(uuid) !== undefined,
    load,
    putAddress,
    /** Inserts or replaces an organization as given (fixtures). */
    put(o: Organization & { uuid: string }, now: number, at: Stamps = {}, addressAt: Stamps = {}): void {
      const stamps = { created_on: at.created ?? now, updated_on: at.updated ?? now };
      putOrg().run(bind(toRow(ORGANIZATION, o, stamps), ORG_COLUMNS));
      if (o.orgAddress) {
        const address = { ...o.orgAddress, uuid: o.orgAddress.uuid ?? randomUUID() };
        putAddress(o.uuid, address, addressAt.updated ?? now, addressAt.created);
      }
    },
    /** Updates the fields sent; the parent link is not changed here (the tree comes from fixtures). */
    update(uuid: string, patch: Partial<Organization>, now: number): void {
      const { sets, params } = updateOf(ORGANIZATION, ORG_UPDATABLE, patch);
      db.prepare(
        `UPDATE organizations SET ${[...sets, 'updated_on = @now'].join(', ')} WHERE uuid = @uuid`,
      ).run({ ...params, uuid, now });
      if (patch.orgAddress) {
        const current = getAddress().get(uuid);
        // The address's uuid is the server's: kept on an update, assigned when the address is new.
        const merged: OrgAddress = current
          ? {
              ...fromRow<OrgAddress>(ADDRESS, current, 'UTC'),
              ...stripUndefined(patch.orgAddress),
              uuid: current.uuid ?? randomUUID(),
            }
          : { ...patch.orgAddress, uuid: randomUUID() };
        putAddress(uuid, merged, now, current?.created_on);
      }
    },
    listChildren(parent: string, limit: number, offset: number, tz: string): Organization[] {
      return load(
        childKeys()
          .all(parent, limit, offset)
          .map((k) => k.uuid),
        tz,
      );
    },
    countChildren: (parent: string) => childCount().get(parent)!.n,
    /** True when `target` is `root` or below it (at most MAX_TREE_DEPTH levels). */
    inScope: (root: string, target: string) => inScope().get({ root, target }) !== undefined,
    /** `root` and every organization below it. */
    scope: (root: string) =>
      scopeOf()
        .all({ root })
        .map((r) => r.uuid),
    /**
     * The chain of ancestors of `uuid` as stored, nearest first, stopping at a root, at an organization seen
     * before (a cycle: returned as the last entry), or after MAX_TREE_DEPTH + 1 steps.
     */
    ancestors(uuid: string): string[] {
      const chain: string[] = [];
      const seen = new Set([uuid]);
      let parent = getOrg().get(uuid)?.parent_uuid ?? null;
      while (parent !== null && chain.length <= MAX_TREE_DEPTH) {
        chain.push(parent);
        if (seen.has(parent)) break;
        seen.add(parent);
        parent = getOrg().get(parent)?.parent_uuid ?? null;
      }
      return chain;
    },
    roots: () =>
      roots()
        .all()
        .map((r) => ({ uuid: r.uuid, orgName: r.org_name })),
    upsertOption(orgUuid: string, o: OrganizationOption & { key: string }, uuid: string, now: number): void {
      const stamps = { uuid, org_uuid: orgUuid, created_on: now, updated_on: now };
      upsertOption().run(toRow(OPTION, { ...o, isActive: o.isActive ?? true }, stamps));
    },
    option(orgUuid: string, key: string, tz: string): OrganizationOption | undefined {
      const r = getOption().get(orgUuid, key);
      return r ? fromRow<OrganizationOption>(OPTION, r, tz) : undefined;
    },
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type OrganizationRepo = ReturnType<typeof organizationRepo>;

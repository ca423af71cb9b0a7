import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { OrgAddress, Organization, OrganizationOption } from '../../domain/organization.js';
import { formatTimestamp } from '../../domain/timestamp.js';
import { groupBy, keyList, orNull, toBool, toInt } from './values.js';

interface OrgRow {
  uuid: string;
  parent_uuid: string | null;
  code_uuid: string | null;
  org_admin: string | null;
  org_name: string | null;
  user_uuid: string | null;
  is_active: number | null;
  is_demo: number | null;
  created_on: number;
  updated_on: number;
}

interface AddressRow {
  org_uuid: string;
  uuid: string | null;
  code_uuid: string | null;
  city: string | null;
  country: string | null;
  org_email: string | null;
  org_mobile: string | null;
  pin: string | null;
  state: string | null;
  street_address: string | null;
  website: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

interface OptionRow {
  uuid: string;
  org_uuid: string;
  key: string;
  value: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

const ORG_FIELDS = {
  codeUuid: 'code_uuid',
  orgAdmin: 'org_admin',
  orgName: 'org_name',
  userUuid: 'user_uuid',
  isActive: 'is_active',
  isDemo: 'is_demo',
} as const;

const ADDRESS_FIELDS = {
  uuid: 'uuid',
  codeUuid: 'code_uuid',
  city: 'city',
  country: 'country',
  orgEmail: 'org_email',
  orgMobile: 'org_mobile',
  pin: 'pin',
  state: 'state',
  streetAddress: 'street_address',
  website: 'website',
  isActive: 'is_active',
} as const;

function column(v: unknown): unknown {
  return typeof v === 'boolean' ? toInt(v) : (v ?? null);
}

export function organizationRepo(db: Database.Database) {
  const insertOrg = db.prepare(
    `INSERT INTO organizations (uuid, parent_uuid, code_uuid, org_admin, org_name, user_uuid, is_active, is_demo,
       created_on, updated_on)
     VALUES (@uuid, @parent_uuid, @code_uuid, @org_admin, @org_name, @user_uuid, @is_active, @is_demo,
       @created_on, @updated_on)
     ON CONFLICT (uuid) DO UPDATE SET parent_uuid = excluded.parent_uuid, code_uuid = excluded.code_uuid,
       org_admin = excluded.org_admin, org_name = excluded.org_name, user_uuid = excluded.user_uuid,
       is_active = excluded.is_active, is_demo = excluded.is_demo, updated_on = excluded.updated_on`,
  );
  const getOrg = db.prepare<[string], OrgRow>('SELECT * FROM organizations WHERE uuid = ?');
  const upsertAddress = db.prepare(
    `INSERT INTO org_addresses (org_uuid, uuid, code_uuid, city, country, org_email, org_mobile, pin, state,
       street_address, website, is_active, created_on, updated_on)
     VALUES (@org_uuid, @uuid, @code_uuid, @city, @country, @org_email, @org_mobile, @pin, @state,
       @street_address, @website, @is_active, @created_on, @updated_on)
     ON CONFLICT (org_uuid) DO UPDATE SET uuid = excluded.uuid, code_uuid = excluded.code_uuid,
       city = excluded.city, country = excluded.country, org_email = excluded.org_email,
       org_mobile = excluded.org_mobile, pin = excluded.pin, state = excluded.state,
       street_address = excluded.street_address, website = excluded.website, is_active = excluded.is_active,
       updated_on = excluded.updated_on`,
  );
  const getAddress = db.prepare<[string], AddressRow>('SELECT * FROM org_addresses WHERE org_uuid = ?');
  const addressesOf = db.prepare<[string], AddressRow>(
    'SELECT * FROM org_addresses WHERE org_uuid IN (SELECT value FROM json_each(?))',
  );
  const childKeys = db.prepare<[string, number, number], { uuid: string }>(
    `SELECT uuid FROM organizations WHERE parent_uuid = ? ORDER BY created_on, uuid LIMIT ? OFFSET ?`,
  );
  const childCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM organizations WHERE parent_uuid = ?',
  );
  const rowsOf = db.prepare<[string], OrgRow>(
    'SELECT * FROM organizations WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
  );
  const childrenOf = db.prepare<[string], { uuid: string; parent_uuid: string; org_name: string | null }>(
    `SELECT uuid, parent_uuid, org_name FROM organizations
     WHERE parent_uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid`,
  );
  // Walks up from the target: is `root` the target or one of its ancestors?
  const inScope = db.prepare<[string, string], { one: number }>(
    `WITH RECURSIVE up(uuid) AS (
       SELECT ? UNION ALL
       SELECT o.parent_uuid FROM organizations o JOIN up ON o.uuid = up.uuid WHERE o.parent_uuid IS NOT NULL
     ) SELECT 1 AS one FROM up WHERE uuid = ? LIMIT 1`,
  );
  const scopeOf = db.prepare<[string], { uuid: string }>(
    `WITH RECURSIVE down(uuid) AS (
       SELECT uuid FROM organizations WHERE uuid = ? UNION
       SELECT o.uuid FROM organizations o JOIN down ON o.parent_uuid = down.uuid
     ) SELECT uuid FROM down`,
  );
  const roots = db.prepare<[], { uuid: string; org_name: string | null }>(
    'SELECT uuid, org_name FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid',
  );
  const upsertOption = db.prepare(
    `INSERT INTO org_options (uuid, org_uuid, key, value, is_active, created_on, updated_on)
     VALUES (@uuid, @org_uuid, @key, @value, @is_active, @now, @now)
     ON CONFLICT (org_uuid, key) DO UPDATE SET value = excluded.value,
       is_active = coalesce(excluded.is_active, org_options.is_active), updated_on = excluded.updated_on`,
  );
  const getOption = db.prepare<[string, string], OptionRow>(
    'SELECT * FROM org_options WHERE org_uuid = ? AND key = ?',
  );

  function toAddress(a: AddressRow, tz: string): OrgAddress {
    return {
      uuid: a.uuid,
      codeUuid: a.code_uuid,
      city: a.city,
      country: a.country,
      orgEmail: a.org_email,
      orgMobile: a.org_mobile,
      pin: a.pin,
      state: a.state,
      streetAddress: a.street_address,
      website: a.website,
      isActive: toBool(a.is_active),
      createdOn: formatTimestamp(a.created_on, tz),
      updatedOn: formatTimestamp(a.updated_on, tz),
    };
  }

  function toRecord(
    r: OrgRow,
    address: AddressRow | undefined,
    subs: { uuid: string; org_name: string | null }[],
    tz: string,
  ): Organization {
    return {
      uuid: r.uuid,
      codeUuid: r.code_uuid,
      orgAdmin: r.org_admin,
      orgName: r.org_name,
      organizationUuid: r.parent_uuid,
      userUuid: r.user_uuid,
      isActive: toBool(r.is_active),
      isDemo: toBool(r.is_demo),
      createdOn: formatTimestamp(r.created_on, tz),
      updatedOn: formatTimestamp(r.updated_on, tz),
      orgAddress: address ? toAddress(address, tz) : null,
      suborganization: subs.map((s) => ({ uuid: s.uuid, orgName: s.org_name })),
    };
  }

  /** Loads whole records for the keys, in listing order, with addresses and children in batched queries. */
  function load(uuids: string[], tz: string): Organization[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const rows = rowsOf.all(keys);
    const addresses = new Map(addressesOf.all(keys).map((a) => [a.org_uuid, a]));
    const children = groupBy(childrenOf.all(keys), (c) => c.parent_uuid);
    return rows.map((r) => toRecord(r, addresses.get(r.uuid), children.get(r.uuid) ?? [], tz));
  }

  return {
    get: (uuid: string) => getOrg.get(uuid),
    exists: (uuid: string) => getOrg.get(uuid) !== undefined,
    load,
    /** Inserts or replaces an organization as given (fixtures). */
    put(o: Organization & { uuid: string }, now: number): void {
      insertOrg.run({
        uuid: o.uuid,
        parent_uuid: orNull(o.organizationUuid),
        code_uuid: orNull(o.codeUuid),
        org_admin: orNull(o.orgAdmin),
        org_name: orNull(o.orgName),
        user_uuid: orNull(o.userUuid),
        is_active: toInt(o.isActive),
        is_demo: toInt(o.isDemo),
        created_on: now,
        updated_on: now,
      });
      if (o.orgAddress)
        this.putAddress(o.uuid, { ...o.orgAddress, uuid: o.orgAddress.uuid ?? randomUUID() }, now);
    },
    /** Updates the fields sent; the parent link is not changed here (the tree comes from fixtures). */
    update(uuid: string, patch: Partial<Organization>, now: number): void {
      const sets: string[] = [];
      const params: Record<string, unknown> = { uuid, now };
      for (const [field, col] of Object.entries(ORG_FIELDS)) {
        const v = patch[field as keyof Organization];
        if (v === undefined) continue;
        sets.push(`${col} = @${col}`);
        params[col] = column(v);
      }
      db.prepare(
        `UPDATE organizations SET ${[...sets, 'updated_on = @now'].join(', ')} WHERE uuid = @uuid`,
      ).run(params);
      if (patch.orgAddress) {
        const current = getAddress.get(uuid);
        // The address's uuid is the server's: kept on an update, assigned when the address is new.
        const merged: OrgAddress = current
          ? {
              ...toAddress(current, 'UTC'),
              ...stripUndefined(patch.orgAddress),
              uuid: current.uuid ?? randomUUID(),
            }
          : { ...patch.orgAddress, uuid: randomUUID() };
        this.putAddress(uuid, merged, now, current?.created_on);
      }
    },
    putAddress(orgUuid: string, a: OrgAddress, now: number, createdOn?: number): void {
      const row: Record<string, unknown> = {
        org_uuid: orgUuid,
        created_on: createdOn ?? now,
        updated_on: now,
      };
      for (const [field, col] of Object.entries(ADDRESS_FIELDS))
        row[col] = column(a[field as keyof OrgAddress]);
      upsertAddress.run(row);
    },
    listChildren(parent: string, limit: number, offset: number, tz: string): Organization[] {
      return load(
        childKeys.all(parent, limit, offset).map((k) => k.uuid),
        tz,
      );
    },
    countChildren: (parent: string) => childCount.get(parent)!.n,
    /** True when `target` is `root` or below it. */
    inScope: (root: string, target: string) => inScope.get(target, root) !== undefined,
    /** `root` and every organization below it. */
    scope: (root: string) => scopeOf.all(root).map((r) => r.uuid),
    roots: () => roots.all().map((r) => ({ uuid: r.uuid, orgName: r.org_name })),
    upsertOption(orgUuid: string, o: OrganizationOption & { key: string }, uuid: string, now: number): void {
      upsertOption.run({
        uuid,
        org_uuid: orgUuid,
        key: o.key,
        value: orNull(o.value),
        is_active: toInt(o.isActive ?? true),
        now,
      });
    },
    option(orgUuid: string, key: string, tz: string): OrganizationOption | undefined {
      const r = getOption.get(orgUuid, key);
      if (!r) return undefined;
      return {
        uuid: r.uuid,
        key: r.key,
        value: r.value,
        organizationUuid: r.org_uuid,
        isActive: toBool(r.is_active),
        createdOn: formatTimestamp(r.created_on, tz),
        updatedOn: formatTimestamp(r.updated_on, tz),
      };
    },
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type OrganizationRepo = ReturnType<typeof organizationRepo>;

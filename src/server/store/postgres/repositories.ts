// The PostgreSQL repositories of organizations, codes, licenses, notifications, tokens and lookups: the same
// records as the SQLite ones (../organizations.ts ...), each a few statements, lists bound as one array.
import { randomUUID } from 'node:crypto';
import type { Code, CodeSummary, CodeType } from '../../../domain/code.js';
import type { LicenseRecord } from '../../../domain/license.js';
import type {
  Notification,
  NotificationConfiguration,
  NotificationOption,
} from '../../../domain/notification.js';
import type { OrgAddress, Organization, OrganizationOption } from '../../../domain/organization.js';
import { fromRow, type RowOf, toRow } from '../columns.js';
import {
  ADDRESS,
  ADDRESS_COLUMNS,
  type AddressRow,
  CODE,
  CODE_COLUMNS,
  CODE_TYPE,
  CONFIGURATION,
  type CodeRow,
  type CodeTypeRow,
  LICENSE_COLUMNS,
  type LicenseRow,
  licenseActivation,
  licenseRecordOf,
  licenseRowOf,
  NOTIFICATION,
  NOTIFICATION_OPTION,
  NOTIFICATION_OPTION_COLUMNS,
  type NotificationOptionRow,
  type NotificationRow,
  ORG_COLUMNS,
  ORG_OPTION,
  ORG_UPDATABLE,
  ORGANIZATION,
  type OrgRow,
  type TokenRow,
  TYPE_COLUMNS,
  tokenEntryOf,
  tokenGrantOf,
} from '../entities.js';
import type {
  CodeRepository,
  LicenseRepository,
  LookupRepository,
  NotificationRepository,
  OrganizationRepository,
  Stamps,
  TokenRepository,
} from '../port.js';
import { TOKEN_ID_LENGTH } from '../port.js';
import { MAX_TREE_DEPTH } from '../scope.js';
import { groupBy } from '../values.js';
import { ANCESTRY_CHECK, insertSql, type Sql, scopeCte, serialKey, updateSets } from './sql.js';

const bindAll = (row: object, columns: readonly string[]) =>
  columns.map((c) => (row as Record<string, unknown>)[c]);

export function organizationRepository(sql: Sql): OrganizationRepository {
  const put = insertSql('organizations', ORG_COLUMNS, { key: 'uuid', keep: ['created_on'] });
  const putAddressSql = insertSql('org_addresses', ADDRESS_COLUMNS, {
    key: 'org_uuid',
    keep: ['created_on'],
  });
  const getOrg = async (uuid: string) =>
    (await sql.rows<OrgRow>('SELECT * FROM organizations WHERE uuid = $1', [uuid]))[0];

  async function load(uuids: readonly string[], tz: string): Promise<Organization[]> {
    if (uuids.length === 0) return [];
    const keys = [...uuids];
    // One statement after another: inside a transaction they share one connection, which takes one at a
    // time (pg 8 queues a second behind the first with a warning; pg 9 refuses it).
    const rows = await sql.rows<OrgRow>(
      'SELECT * FROM organizations WHERE uuid = ANY($1) ORDER BY created_on, uuid',
      [keys],
    );
    const addresses = await sql.rows<AddressRow>('SELECT * FROM org_addresses WHERE org_uuid = ANY($1)', [
      keys,
    ]);
    const children = await sql.rows<{ uuid: string; parent_uuid: string; org_name: string | null }>(
      'SELECT uuid, parent_uuid, org_name FROM organizations WHERE parent_uuid = ANY($1) ORDER BY created_on, uuid',
      [keys],
    );
    const byOrg = new Map(addresses.map((a) => [a.org_uuid, a]));
    const kids = groupBy(children, (c) => c.parent_uuid);
    return rows.map((r) => {
      const address = byOrg.get(r.uuid);
      return {
        ...fromRow<Organization>(ORGANIZATION, r, tz),
        orgAddress: address ? fromRow<OrgAddress>(ADDRESS, address, tz) : null,
        suborganization: (kids.get(r.uuid) ?? []).map((s) => ({ uuid: s.uuid, orgName: s.org_name })),
      };
    });
  }

  async function putAddress(orgUuid: string, a: OrgAddress, now: number, createdOn?: number): Promise<void> {
    const row = toRow(ADDRESS, a, { created_on: createdOn ?? now, updated_on: now });
    await sql.run(putAddressSql, bindAll({ ...row, org_uuid: orgUuid }, ADDRESS_COLUMNS));
  }

  return {
    async get(uuid) {
      const r = await getOrg(uuid);
      return r ? { uuid: r.uuid, orgName: r.org_name, parentUuid: r.parent_uuid } : undefined;
    },
    exists: async (uuid) =>
      (await sql.rows('SELECT 1 FROM organizations WHERE uuid = $1', [uuid])).length > 0,
    load,
    async put(o, now, at: Stamps = {}, addressAt: Stamps = {}) {
      const stamps = { created_on: at.created ?? now, updated_on: at.updated ?? now };
      await sql.run(put, bindAll(toRow(ORGANIZATION, o, stamps), ORG_COLUMNS));
      if (o.orgAddress) {
        const address = { ...o.orgAddress, uuid: o.orgAddress.uuid ?? randomUUID() };
        await putAddress(o.uuid, address, addressAt.updated ?? now, addressAt.created);
      }
    },
    async update(uuid, patch, now) {
      const { sets, values } = updateSets(ORGANIZATION, ORG_UPDATABLE, patch, 3);
      await sql.run(`UPDATE organizations SET ${[...sets, 'updated_on = $2'].join(', ')} WHERE uuid = $1`, [
        uuid,
        now,
        ...values,
      ]);
      if (patch.orgAddress) {
        const current = (
          await sql.rows<AddressRow>('SELECT * FROM org_addresses WHERE org_uuid = $1', [uuid])
        )[0];
        const sent = Object.fromEntries(Object.entries(patch.orgAddress).filter(([, v]) => v !== undefined));
        const merged: OrgAddress = current
          ? { ...fromRow<OrgAddress>(ADDRESS, current, 'UTC'), ...sent, uuid: current.uuid ?? randomUUID() }
          : { ...patch.orgAddress, uuid: randomUUID() };
        await putAddress(uuid, merged, now, current?.created_on);
      }
    },
    async listChildren(parent, limit, offset, tz) {
      const keys = await sql.rows<{ uuid: string }>(
        'SELECT uuid FROM organizations WHERE parent_uuid = $1 ORDER BY created_on, uuid LIMIT $2 OFFSET $3',
        [parent, limit, offset],
      );
      return load(
        keys.map((k) => k.uuid),
        tz,
      );
    },
    countChildren: async (parent) =>
      (
        await sql.rows<{ n: number }>('SELECT count(*) AS n FROM organizations WHERE parent_uuid = $1', [
          parent,
        ])
      )[0]!.n,
    inScope: async (root, target) => (await sql.rows(ANCESTRY_CHECK, [root, target])).length > 0,
    scope: async (root) =>
      (await sql.rows<{ uuid: string }>(`${scopeCte('$1')} SELECT DISTINCT uuid FROM scope`, [root])).map(
        (r) => r.uuid,
      ),
    async ancestors(uuid) {
      const chain: string[] = [];
      const seen = new Set([uuid]);
      let parent = (await getOrg(uuid))?.parent_uuid ?? null;
      while (parent !== null && chain.length <= MAX_TREE_DEPTH) {
        chain.push(parent);
        if (seen.has(parent)) break;
        seen.add(parent);
        parent = (await getOrg(parent))?.parent_uuid ?? null;
      }
      return chain;
    },
    roots: async () =>
      (
        await sql.rows<{ uuid: string; org_name: string | null }>(
          'SELECT uuid, org_name FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid',
        )
      ).map((r) => ({ uuid: r.uuid, orgName: r.org_name })),
    async upsertOption(orgUuid, o, uuid, now) {
      const row = toRow(
        ORG_OPTION,
        { ...o, isActive: o.isActive ?? true },
        {
          uuid,
          org_uuid: orgUuid,
          created_on: now,
          updated_on: now,
        },
      );
      await sql.run(
        `INSERT INTO org_options (uuid, org_uuid, key, value, is_active, created_on, updated_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (org_uuid, key) DO UPDATE SET value = EXCLUDED.value,
           is_active = coalesce(EXCLUDED.is_active, org_options.is_active), updated_on = EXCLUDED.updated_on`,
        [row.uuid, row.org_uuid, row.key, row.value, row.is_active, row.created_on, row.updated_on],
      );
    },
    async option(orgUuid, key, tz) {
      const r = (
        await sql.rows<RowOf<typeof ORG_OPTION>>(
          'SELECT * FROM org_options WHERE org_uuid = $1 AND key = $2',
          [orgUuid, key],
        )
      )[0];
      return r ? fromRow<OrganizationOption>(ORG_OPTION, r, tz) : undefined;
    },
  };
}

export function codeRepository(sql: Sql): CodeRepository {
  const UPSERT = { key: 'uuid', keep: ['created_on'] };
  const putType = insertSql('code_types', TYPE_COLUMNS, UPSERT);
  const putCode = insertSql('codes', CODE_COLUMNS, UPSERT);

  async function types(uuids: readonly string[], tz: string): Promise<CodeType[]> {
    if (uuids.length === 0) return [];
    const keys = [...uuids];
    // One after the other, as organizations' load says.
    const rows = await sql.rows<CodeTypeRow>(
      'SELECT * FROM code_types WHERE uuid = ANY($1) ORDER BY created_on, uuid',
      [keys],
    );
    const codes = await sql.rows<CodeRow>(
      'SELECT * FROM codes WHERE code_type_uuid = ANY($1) ORDER BY code_type_uuid, created_on, uuid',
      [keys],
    );
    const byType = groupBy(codes, (c) => c.code_type_uuid ?? '');
    return rows.map((t) => ({
      ...fromRow<Omit<CodeType, 'codes'>>(CODE_TYPE, t, tz),
      codes: (byType.get(t.uuid) ?? []).map((c) => fromRow<CodeSummary>(CODE, c, tz)),
    }));
  }

  return {
    typeExists: async (uuid) =>
      (await sql.rows('SELECT 1 FROM code_types WHERE uuid = $1', [uuid])).length > 0,
    async putType(t, now, at: Stamps = {}) {
      const stamps = { created_on: at.created ?? now, updated_on: at.updated ?? now };
      await sql.run(putType, bindAll(toRow(CODE_TYPE, t, stamps), TYPE_COLUMNS));
    },
    async putCode(c, codeTypeUuid, now, at: Stamps = {}) {
      const row = toRow(CODE, c, { created_on: at.created ?? now, updated_on: at.updated ?? now });
      await sql.run(putCode, bindAll({ ...row, code_type_uuid: codeTypeUuid }, CODE_COLUMNS));
    },
    async listTypes(limit, offset, tz) {
      const keys = await sql.rows<{ uuid: string }>(
        'SELECT uuid FROM code_types ORDER BY created_on, uuid LIMIT $1 OFFSET $2',
        [limit, offset],
      );
      return types(
        keys.map((k) => k.uuid),
        tz,
      );
    },
    countTypes: async () => (await sql.rows<{ n: number }>('SELECT count(*) AS n FROM code_types'))[0]!.n,
    types,
    async code(uuid, tz) {
      const c = (await sql.rows<CodeRow>('SELECT * FROM codes WHERE uuid = $1', [uuid]))[0];
      if (!c) return undefined;
      const t = c.code_type_uuid ? (await types([c.code_type_uuid], tz))[0] : undefined;
      return { ...fromRow<CodeSummary>(CODE, c, tz), codeType: t ?? null } as Code;
    },
  };
}

export function licenseRepository(sql: Sql): LicenseRepository {
  const put = insertSql('licenses', LICENSE_COLUMNS, { key: 'uuid', keep: [] });
  const row = async (uuid: string) =>
    (await sql.rows<LicenseRow>('SELECT * FROM licenses WHERE uuid = $1', [uuid]))[0];

  async function records(rows: LicenseRow[], now: number, tz: string): Promise<LicenseRecord[]> {
    const orgs = [...new Set(rows.map((r) => r.org_uuid).filter((o): o is string => o != null))];
    const counts = new Map(
      orgs.length === 0
        ? []
        : (
            await sql.rows<{ org_uuid: string; n: number }>(
              'SELECT org_uuid, n FROM org_device_counts WHERE org_uuid = ANY($1)',
              [orgs],
            )
          ).map((c) => [c.org_uuid, c.n]),
    );
    return rows.map((r) => {
      const provisioned = r.org_uuid ? (counts.get(r.org_uuid) ?? 0) : 0;
      return licenseRecordOf(r, provisioned, now, tz);
    });
  }

  return {
    async head(uuid) {
      const r = (
        await sql.rows<{ uuid: string; org_uuid: string | null }>(
          'SELECT uuid, org_uuid FROM licenses WHERE uuid = $1',
          [uuid],
        )
      )[0];
      return r ? { uuid: r.uuid, orgUuid: r.org_uuid } : undefined;
    },
    async record(uuid, now, tz) {
      const r = await row(uuid);
      return r ? (await records([r], now, tz))[0] : undefined;
    },
    async find(root, uuids, keys, now, tz) {
      const rows = await sql.rows<LicenseRow>(
        `${scopeCte('$1')} SELECT * FROM licenses
          WHERE (uuid = ANY($2::text[]) OR license_key = ANY($3::text[]) OR serial_number = ANY($3::text[]))
            AND org_uuid IN (SELECT uuid FROM scope)
          ORDER BY create_on, uuid LIMIT 1`,
        [root, uuids, keys],
      );
      return rows[0] ? (await records(rows, now, tz))[0] : undefined;
    },
    async inScope(root, now, tz) {
      const rows = await sql.rows<LicenseRow>(
        `${scopeCte('$1')} SELECT * FROM licenses WHERE org_uuid IN (SELECT uuid FROM scope) ORDER BY create_on, uuid`,
        [root],
      );
      return records(rows, now, tz);
    },
    async put(l, now) {
      const values = licenseRowOf(l, now);
      await sql.run(put, bindAll(values, LICENSE_COLUMNS));
    },
    async setActive(uuid, active, now) {
      const r = await row(uuid);
      const set = r && licenseActivation(r, active, now);
      if (!set) return;
      await sql.run(
        `UPDATE licenses SET active = $2, details_active = $2, status = $3, activate_on = $4,
           license_update_on = $5, details_update_on = $5, updated_on = $5 WHERE uuid = $1`,
        [uuid, set.flag, set.status, set.activateOn, now],
      );
    },
  };
}

export function notificationRepository(sql: Sql): NotificationRepository {
  const insertOptions = `INSERT INTO notification_options (${NOTIFICATION_OPTION_COLUMNS.join(', ')})
    SELECT * FROM unnest(${NOTIFICATION_OPTION_COLUMNS.map((c, i) => `$${i + 1}::${/_on$|is_active/.test(c) ? 'int8' : 'text'}[]`).join(', ')})`;

  async function load(uuids: readonly string[], tz: string): Promise<Notification[]> {
    if (uuids.length === 0) return [];
    const keys = [...uuids];
    // One after the other, as organizations' load says.
    const rows = await sql.rows<NotificationRow>('SELECT * FROM notifications WHERE uuid = ANY($1)', [keys]);
    const options = await sql.rows<NotificationOptionRow>(
      `SELECT * FROM notification_options WHERE notification_uuid = ANY($1)
       ORDER BY notification_uuid, created_on, uuid`,
      [keys],
    );
    // In the order asked for: a batch shares one createdOn.
    const position = new Map(keys.map((u, i) => [u, i]));
    rows.sort((a, b) => (position.get(a.uuid) ?? 0) - (position.get(b.uuid) ?? 0));
    const byNotification = groupBy(options, (o) => o.notification_uuid);
    return rows.map((n) => ({
      ...fromRow<Notification>(NOTIFICATION, n, tz),
      notificationOptions: (byNotification.get(n.uuid) ?? []).map((o) =>
        fromRow<NotificationOption>(NOTIFICATION_OPTION, o, tz),
      ),
    }));
  }
  const owner = async (uuid: string) =>
    (
      await sql.rows<{ org_uuid: string | null }>('SELECT org_uuid FROM notifications WHERE uuid = $1', [
        uuid,
      ])
    )[0];

  return {
    load,
    async all(tz, root) {
      const keys = await sql.rows<{ uuid: string }>(
        `${scopeCte('$1')} SELECT uuid FROM notifications WHERE org_uuid IN (SELECT uuid FROM scope)
         ORDER BY created_on, uuid`,
        [root],
      );
      return load(
        keys.map((k) => k.uuid),
        tz,
      );
    },
    exists: async (uuid) => (await owner(uuid)) !== undefined,
    owner: async (uuid) => (await owner(uuid))?.org_uuid,
    async put(n, ownerUuid, now) {
      const r = toRow(NOTIFICATION, n, { created_on: now, updated_on: now });
      await sql.run(
        `INSERT INTO notifications (uuid, org_uuid, type, created_by, updated_by, is_active, created_on, updated_on)
         VALUES ($1, $2, $3, $4, $5, coalesce($6, 1), $7, $8)
         ON CONFLICT (uuid) DO UPDATE SET type = coalesce($3, notifications.type),
           updated_by = coalesce($5, notifications.updated_by),
           is_active = coalesce($6, notifications.is_active), updated_on = EXCLUDED.updated_on`,
        [r.uuid, ownerUuid, r.type, r.created_by, r.updated_by, r.is_active, r.created_on, r.updated_on],
      );
      if (n.notificationOptions == null) return;
      await sql.run('DELETE FROM notification_options WHERE notification_uuid = $1', [n.uuid]);
      if (n.notificationOptions.length === 0) return;
      const rows = n.notificationOptions.map((o) => ({
        ...toRow(NOTIFICATION_OPTION, o, {
          uuid: o.uuid ?? randomUUID(),
          is_active: o.isActive === false ? 0 : 1,
          created_on: now,
          updated_on: now,
        }),
        notification_uuid: n.uuid,
      }));
      await sql.run(
        insertOptions,
        NOTIFICATION_OPTION_COLUMNS.map((c) => rows.map((r) => (r as Record<string, unknown>)[c] ?? null)),
      );
    },
    async configure(c, now, tz) {
      const flags = {
        applyToSubOrganizaitons: c.applyToSubOrganizaitons ?? false,
        isActive: c.isActive ?? true,
        isLinked: c.isLinked ?? true,
      };
      const r = toRow(
        CONFIGURATION,
        { ...c, ...flags },
        { uuid: randomUUID(), created_on: now, updated_on: now },
      );
      const saved = await sql.rows<RowOf<typeof CONFIGURATION>>(
        `INSERT INTO notification_configurations (uuid, notification_uuid, organization_uuid, role_uuid, created_by,
           updated_by, apply_to_sub_organizations, is_active, is_linked, created_on, updated_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (notification_uuid, role_uuid, organization_uuid) DO UPDATE SET
           updated_by = coalesce(EXCLUDED.updated_by, notification_configurations.updated_by),
           apply_to_sub_organizations = EXCLUDED.apply_to_sub_organizations, is_active = EXCLUDED.is_active,
           is_linked = EXCLUDED.is_linked, updated_on = EXCLUDED.updated_on
         RETURNING *`,
        [
          r.uuid,
          r.notification_uuid,
          r.organization_uuid,
          r.role_uuid,
          r.created_by,
          r.updated_by,
          r.apply_to_sub_organizations,
          r.is_active,
          r.is_linked,
          r.created_on,
          r.updated_on,
        ],
      );
      return fromRow<NotificationConfiguration>(CONFIGURATION, saved[0]!, tz);
    },
  };
}

export function tokenRepository(sql: Sql): TokenRepository {
  return {
    async insert(hash, grant, now) {
      await sql.run(
        'INSERT INTO tokens (hash, org_uuid, role, user_uuid, created_on) VALUES ($1, $2, $3, $4, $5)',
        [hash, grant.orgUuid, grant.role, grant.userUuid, now],
      );
    },
    async find(hash) {
      const r = (
        await sql.rows<TokenRow>('SELECT * FROM tokens WHERE hash = $1 AND revoked_on IS NULL', [hash])
      )[0];
      return r ? tokenGrantOf(r) : undefined;
    },
    revoke: async (hash, now) =>
      (await sql.run('UPDATE tokens SET revoked_on = $1 WHERE hash = $2 AND revoked_on IS NULL', [
        now,
        hash,
      ])) > 0,
    revokeById: async (id, now) =>
      (await sql.run(
        `UPDATE tokens SET revoked_on = $1 WHERE substr(hash, 1, ${TOKEN_ID_LENGTH}) = $2 AND revoked_on IS NULL`,
        [now, id.toLowerCase()],
      )) > 0,
    async list() {
      const rows = await sql.rows<TokenRow>(
        'SELECT * FROM tokens WHERE revoked_on IS NULL ORDER BY created_on, hash',
      );
      return rows.map(tokenEntryOf);
    },
    async touch(hash, now) {
      // NOWAIT: a row another writer holds answers 55P03 at once ('busy'): a request never waits for it.
      await sql.run(
        `UPDATE tokens SET last_used_on = $1 WHERE hash = (SELECT hash FROM tokens WHERE hash = $2 FOR UPDATE NOWAIT)`,
        [now, hash],
      );
    },
  };
}

const MAX_ORGS_NEAR = 200;
const WINDOW = 16;
const PREFIX_WINDOW = 8;
const MAX_IDENTIFIERS = 1000;

export function lookupRepository(sql: Sql): LookupRepository {
  const inScope = 'd.org_uuid IN (SELECT uuid FROM scope)';
  const keysOf = (serials: readonly string[]) => serials.map((s) => serialKey(s));
  return {
    async deviceKey(root, uuids, serials) {
      const r = await sql.rows<{ uuid: string }>(
        `${scopeCte('$1')}
        SELECT d.uuid, d.created_on FROM edge_devices d WHERE d.uuid = ANY($2) AND ${inScope}
        UNION
        SELECT d.uuid, d.created_on FROM edge_devices d WHERE ${inScope} AND d.serial_key = ANY($3)
        ORDER BY 2, 1 LIMIT 1`,
        [root, [...uuids], keysOf(serials)],
      );
      return r[0]?.uuid;
    },
    async matching(root, uuids, org, serials) {
      const r = await sql.rows<{ uuid: string }>(
        `${scopeCte('$1')}
        SELECT d.uuid, d.created_on FROM edge_devices d WHERE d.uuid = ANY($2) AND ${inScope}
        UNION
        SELECT d.uuid, d.created_on FROM edge_devices d
          WHERE d.org_uuid = $3 AND d.serial_key = ANY($4) AND $3 IN (SELECT uuid FROM scope)
        ORDER BY 2, 1`,
        [root, [...uuids], org, keysOf(serials)],
      );
      return r.map((k) => k.uuid);
    },
    async serialsNear(root, key) {
      const orgs = await sql.rows<{ uuid: string }>(
        `${scopeCte('$1')} SELECT DISTINCT uuid FROM scope LIMIT $2`,
        [root, MAX_ORGS_NEAR],
      );
      const prefixes: string[] = [];
      for (let p = key.length - 1; p >= Math.ceil(key.length / 2) && p > 0; p--)
        prefixes.push(key.slice(0, p));
      // One statement per organization: the windows either side of the key and after each prefix, by the index.
      const near = new Set<string>();
      for (const { uuid: org } of orgs) {
        const rows = await sql.rows<{ s: string }>(
          `(SELECT serial_number AS s FROM edge_devices WHERE org_uuid = $1 AND serial_key < $2
             ORDER BY serial_key DESC LIMIT ${WINDOW})
           UNION ALL
           (SELECT serial_number FROM edge_devices WHERE org_uuid = $1 AND serial_key >= $2
             ORDER BY serial_key LIMIT ${WINDOW})
           UNION ALL
           SELECT s FROM unnest($3::text[]) AS p(prefix), LATERAL (
             SELECT serial_number AS s FROM edge_devices WHERE org_uuid = $1 AND serial_key >= p.prefix
             ORDER BY serial_key LIMIT ${PREFIX_WINDOW}) x`,
          [org, key, prefixes],
        );
        for (const r of rows) if (r.s != null) near.add(r.s);
      }
      return [...near];
    },
    async codeTypeKey(uuids, ids) {
      const r = await sql.rows<{ uuid: string }>(
        `SELECT uuid FROM code_types WHERE uuid = ANY($1) OR code_type_identifier = ANY($2)
         ORDER BY created_on, uuid LIMIT 1`,
        [[...uuids], [...ids]],
      );
      return r[0]?.uuid;
    },
    codeTypeIdentifiers: async () =>
      (
        await sql.rows<{ id: string }>(
          `SELECT DISTINCT code_type_identifier AS id FROM code_types WHERE code_type_identifier IS NOT NULL LIMIT $1`,
          [MAX_IDENTIFIERS],
        )
      ).map((r) => r.id),
  };
}

// The PostgreSQL twin's tables: the same tables, columns and indexes as SQLite's migrations (../migrations.ts),
// in the database's current schema (search_path), migrated under an advisory lock so that servers starting at
// once on an empty database create them once. Its own numbering: `ccp_schema` holds the version and the ccp
// that wrote it, so a database of a newer ccp is refused naming both.
import { StoreError } from '../port.js';

/** Runs SQL on one connection. */
export type Exec = (sql: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

// Text compares byte by byte, as SQLite's BINARY collation does: the listing order (created_on, uuid) and the
// serial-number index sort the same on both engines whatever the database's locale. Integers are BIGINT (an
// epoch in milliseconds does not fit in INTEGER); flags are SMALLINT 1/0, as SQLite keeps them. Foreign keys
// are deferrable: an import checks them at its commit, as SQLite's defer_foreign_keys does.
const T = 'TEXT COLLATE "C"';
const FK = 'DEFERRABLE INITIALLY IMMEDIATE';

// Ordered; never edit a shipped one.
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE organizations (
    uuid ${T} PRIMARY KEY,
    parent_uuid ${T} REFERENCES organizations(uuid) ${FK},
    code_uuid ${T}, org_admin ${T}, org_name ${T}, user_uuid ${T},
    is_active SMALLINT, is_demo SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL
  );
  CREATE INDEX organizations_by_parent ON organizations(parent_uuid, created_on, uuid);

  CREATE TABLE org_addresses (
    org_uuid ${T} PRIMARY KEY REFERENCES organizations(uuid) ON DELETE CASCADE ${FK},
    uuid ${T}, code_uuid ${T}, city ${T}, country ${T}, org_email ${T}, org_mobile ${T}, pin ${T},
    state ${T}, street_address ${T}, website ${T}, is_active SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL
  );

  CREATE TABLE org_options (
    uuid ${T} PRIMARY KEY,
    org_uuid ${T} NOT NULL REFERENCES organizations(uuid) ON DELETE CASCADE ${FK},
    key ${T} NOT NULL, value ${T}, is_active SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL,
    UNIQUE (org_uuid, key)
  );

  CREATE TABLE code_types (
    uuid ${T} PRIMARY KEY,
    clazz ${T}, code_type_identifier ${T}, short_description ${T}, long_description ${T}, value ${T},
    is_active SMALLINT, created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL
  );
  CREATE INDEX code_types_by_created ON code_types(created_on, uuid);

  CREATE TABLE codes (
    uuid ${T} PRIMARY KEY,
    code_type_uuid ${T} REFERENCES code_types(uuid) ON DELETE CASCADE ${FK},
    clazz ${T}, code_identifier ${T}, short_description ${T}, long_description ${T}, value ${T},
    is_active SMALLINT, created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL
  );
  CREATE INDEX codes_by_type ON codes(code_type_uuid, created_on, uuid);

  CREATE TABLE licenses (
    uuid ${T} PRIMARY KEY,
    attribute_name ${T}, serial_number ${T}, value ${T},
    create_on BIGINT NOT NULL, updated_on BIGINT NOT NULL,
    details_uuid ${T}, details_type ${T}, details_active SMALLINT, total BIGINT,
    details_create_on BIGINT NOT NULL, details_update_on BIGINT NOT NULL,
    component_details ${T},
    license_uuid ${T}, license_key ${T},
    org_uuid ${T} REFERENCES organizations(uuid) ${FK},
    status ${T}, active SMALLINT, activate_on BIGINT,
    license_created_on BIGINT NOT NULL, license_from BIGINT, license_to BIGINT,
    license_update_on BIGINT NOT NULL, license_extra ${T}
  );
  CREATE INDEX licenses_by_org ON licenses(org_uuid, create_on, uuid);

  -- serial_key: the serial number as compared (NFC, trimmed); the serial number is kept as sent.
  CREATE TABLE edge_devices (
    uuid ${T} PRIMARY KEY,
    org_uuid ${T} NOT NULL REFERENCES organizations(uuid) ${FK},
    user_uuid ${T},
    edge_device_name ${T}, serial_number ${T}, ip_adress ${T}, port BIGINT, location ${T},
    short_description ${T}, long_description ${T}, no_of_devices BIGINT,
    is_active SMALLINT, is_disabled SMALLINT,
    created_on BIGINT NOT NULL, modified_on BIGINT NOT NULL,
    serial_key ${T},
    CONSTRAINT edge_devices_org_serial UNIQUE (org_uuid, serial_key)
  );
  -- Covering index of the listing order: a keyset page reads index entries, never skipped rows.
  CREATE INDEX edge_devices_by_created ON edge_devices(created_on, uuid, org_uuid);

  CREATE TABLE edge_flows (
    uuid ${T} PRIMARY KEY,
    device_uuid ${T} NOT NULL REFERENCES edge_devices(uuid) ON DELETE CASCADE ${FK},
    flow_id ${T} NOT NULL, flow_name ${T}, flow_json ${T}, short_description ${T}, long_description ${T},
    is_active SMALLINT, is_disabled SMALLINT,
    created_on BIGINT NOT NULL, modified_on BIGINT NOT NULL,
    UNIQUE (device_uuid, flow_id)
  );

  -- password: only whether one is set (decisions.md, "Secrets"), never the password or a hash of it.
  CREATE TABLE external_references (
    uuid ${T} PRIMARY KEY,
    device_uuid ${T} NOT NULL REFERENCES edge_devices(uuid) ON DELETE CASCADE ${FK},
    entity_type_code_identifier ${T}, entity_type_uuid ${T}, sub_type ${T}, user_name ${T}, password ${T},
    is_active SMALLINT, created_on BIGINT NOT NULL, modified_on BIGINT NOT NULL
  );
  CREATE INDEX external_references_by_device ON external_references(device_uuid, created_on, uuid);

  CREATE TABLE notifications (
    uuid ${T} PRIMARY KEY,
    type ${T}, created_by ${T}, updated_by ${T}, is_active SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL,
    org_uuid ${T} REFERENCES organizations(uuid) ${FK}
  );
  CREATE INDEX notifications_by_created ON notifications(created_on, uuid);
  CREATE INDEX notifications_by_org ON notifications(org_uuid, created_on, uuid);

  CREATE TABLE notification_options (
    uuid ${T} PRIMARY KEY,
    notification_uuid ${T} NOT NULL REFERENCES notifications(uuid) ON DELETE CASCADE ${FK},
    attribute_name ${T}, attribute_value ${T}, created_by ${T}, updated_by ${T}, is_active SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL
  );
  CREATE INDEX notification_options_by_notification ON notification_options(notification_uuid, created_on, uuid);

  CREATE TABLE notification_configurations (
    uuid ${T} PRIMARY KEY,
    notification_uuid ${T} NOT NULL REFERENCES notifications(uuid) ON DELETE CASCADE ${FK},
    organization_uuid ${T} NOT NULL REFERENCES organizations(uuid) ${FK},
    role_uuid ${T} NOT NULL,
    created_by ${T}, updated_by ${T},
    apply_to_sub_organizations SMALLINT, is_active SMALLINT, is_linked SMALLINT,
    created_on BIGINT NOT NULL, updated_on BIGINT NOT NULL,
    UNIQUE (notification_uuid, role_uuid, organization_uuid)
  );

  CREATE TABLE tokens (
    hash ${T} PRIMARY KEY,
    org_uuid ${T} NOT NULL REFERENCES organizations(uuid) ${FK},
    role ${T} NOT NULL CHECK (role IN ('admin', 'operator', 'viewer')),
    user_uuid ${T},
    created_on BIGINT NOT NULL,
    revoked_on BIGINT,
    last_used_on BIGINT
  );

  -- Device counts per organization, moved in the transaction of every device write, once per batch.
  CREATE TABLE org_device_counts (
    org_uuid ${T} PRIMARY KEY,
    n BIGINT NOT NULL
  );
  `,
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;

/** The tables the migrations make, and ccp_schema: what a health check expects to find. */
export const PG_TABLES: readonly string[] = [
  'ccp_schema',
  ...PG_MIGRATIONS.flatMap((m) => [...m.matchAll(/CREATE TABLE (\w+)/g)].map((x) => x[1]!)),
];

/**
 * What is wrong with the twin's tables as found now (a health check: the database may have been changed
 * since the store opened it): ccp_schema gone, a version other than this ccp's, tables missing. Empty when
 * whole. The problems name no database: the caller says which.
 */
export async function schemaProblems(exec: Exec): Promise<{ version: number; problems: string[] }> {
  const found = await exec('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL', [
    [...PG_TABLES],
  ]);
  const present = new Set(found.rows.map((r) => String(r.t)));
  if (!present.has('ccp_schema')) {
    return {
      version: 0,
      problems: ['it holds no twin: the table ccp_schema is gone (ccp server start makes one)'],
    };
  }
  const r = await exec('SELECT version, written_by FROM ccp_schema');
  const version = Number(r.rows[0]?.version ?? 0);
  const problems: string[] = [];
  if (version !== PG_SCHEMA_VERSION) {
    const by = r.rows[0]?.written_by ? ` (written by ccp ${String(r.rows[0].written_by)})` : '';
    problems.push(`its schema is version ${version}${by}; this ccp expects ${PG_SCHEMA_VERSION}`);
  }
  const missing = PG_TABLES.filter((t) => !present.has(t));
  if (missing.length) problems.push(`tables missing: ${missing.join(', ')}`);
  return { version, problems };
}

export interface MigrateOptions {
  /** Create or upgrade the tables (the commands that make a twin); else a database without them is refused. */
  create: boolean;
  /** This ccp's version, named when a newer one's database is refused. */
  appVersion: string;
  label: string;
}

/**
 * Brings the tables up to date in one transaction holding an advisory lock of the current schema: a second
 * server starting at once waits for the first, then finds nothing to do. Returns the schema version.
 */
export async function migrate(exec: Exec, opts: MigrateOptions): Promise<number> {
  await exec('BEGIN');
  try {
    // The lock of this schema's twin (two twins in two schemas of one database do not wait for each other).
    await exec("SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '.ccp_schema', 0))");
    const table = await exec("SELECT to_regclass('ccp_schema') IS NOT NULL AS present");
    let version = 0;
    let writtenBy = '';
    if (table.rows[0]?.present) {
      const r = await exec('SELECT version, written_by FROM ccp_schema');
      version = Number(r.rows[0]?.version ?? 0);
      writtenBy = String(r.rows[0]?.written_by ?? '');
    }
    if (version > PG_SCHEMA_VERSION) {
      throw new StoreError(
        'version',
        `the database ${opts.label} was made by ccp ${writtenBy || '(a newer version)'} (schema ${version}); ` +
          `this ccp ${opts.appVersion} knows schema ${PG_SCHEMA_VERSION} at most: upgrade ccp`,
      );
    }
    if (version < PG_SCHEMA_VERSION && !opts.create) {
      throw new StoreError(
        'missing',
        version === 0
          ? `the database ${opts.label} holds no twin: make one with ccp server seed, import, clone or start`
          : `the database ${opts.label} holds a twin of an older schema (${version}): ccp server start upgrades it`,
      );
    }
    if (version === 0 && !table.rows[0]?.present) {
      await exec('CREATE TABLE ccp_schema (version INTEGER NOT NULL, written_by TEXT NOT NULL)');
      await exec('INSERT INTO ccp_schema (version, written_by) VALUES (0, $1)', [opts.appVersion]);
    }
    for (let v = version; v < PG_SCHEMA_VERSION; v++) await exec(PG_MIGRATIONS[v]!);
    if (version < PG_SCHEMA_VERSION) {
      await exec('UPDATE ccp_schema SET version = $1, written_by = $2', [PG_SCHEMA_VERSION, opts.appVersion]);
    }
    await exec('COMMIT');
    return PG_SCHEMA_VERSION;
  } catch (err) {
    await exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

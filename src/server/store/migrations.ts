import type Database from 'better-sqlite3';
import { serialKey } from '../../domain/serial-key.js';
import { MASK } from './columns.js';

// Ordered; the index of a migration plus one is the `user_version` it leaves behind. Never edit a shipped one.
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE organizations (
    uuid TEXT PRIMARY KEY,
    parent_uuid TEXT REFERENCES organizations(uuid),
    code_uuid TEXT, org_admin TEXT, org_name TEXT, user_uuid TEXT,
    is_active INTEGER, is_demo INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );
  CREATE INDEX organizations_by_parent ON organizations(parent_uuid, created_on, uuid);

  CREATE TABLE org_addresses (
    org_uuid TEXT PRIMARY KEY REFERENCES organizations(uuid) ON DELETE CASCADE,
    uuid TEXT, code_uuid TEXT, city TEXT, country TEXT, org_email TEXT, org_mobile TEXT, pin TEXT,
    state TEXT, street_address TEXT, website TEXT, is_active INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );

  CREATE TABLE org_options (
    uuid TEXT PRIMARY KEY,
    org_uuid TEXT NOT NULL REFERENCES organizations(uuid) ON DELETE CASCADE,
    key TEXT NOT NULL, value TEXT, is_active INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL,
    UNIQUE (org_uuid, key)
  );

  CREATE TABLE code_types (
    uuid TEXT PRIMARY KEY,
    clazz TEXT, code_type_identifier TEXT, short_description TEXT, long_description TEXT, value TEXT,
    is_active INTEGER, created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );
  CREATE INDEX code_types_by_created ON code_types(created_on, uuid);

  CREATE TABLE codes (
    uuid TEXT PRIMARY KEY,
    code_type_uuid TEXT REFERENCES code_types(uuid) ON DELETE CASCADE,
    clazz TEXT, code_identifier TEXT, short_description TEXT, long_description TEXT, value TEXT,
    is_active INTEGER, created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );
  CREATE INDEX codes_by_type ON codes(code_type_uuid, created_on, uuid);

  CREATE TABLE licenses (
    uuid TEXT PRIMARY KEY,
    attribute_name TEXT, serial_number TEXT, value TEXT,
    create_on INTEGER NOT NULL, updated_on INTEGER NOT NULL,
    details_uuid TEXT, details_type TEXT, details_active INTEGER, total INTEGER,
    details_create_on INTEGER NOT NULL, details_update_on INTEGER NOT NULL,
    component_details TEXT,
    license_uuid TEXT, license_key TEXT,
    org_uuid TEXT REFERENCES organizations(uuid),
    status TEXT, active INTEGER, activate_on INTEGER,
    license_created_on INTEGER NOT NULL, license_from INTEGER, license_to INTEGER,
    license_update_on INTEGER NOT NULL, license_extra TEXT
  );
  CREATE INDEX licenses_by_org ON licenses(org_uuid, create_on, uuid);

  CREATE TABLE edge_devices (
    uuid TEXT PRIMARY KEY,
    org_uuid TEXT NOT NULL REFERENCES organizations(uuid),
    user_uuid TEXT,
    edge_device_name TEXT, serial_number TEXT, ip_adress TEXT, port INTEGER, location TEXT,
    short_description TEXT, long_description TEXT, no_of_devices INTEGER,
    is_active INTEGER, is_disabled INTEGER,
    created_on INTEGER NOT NULL, modified_on INTEGER NOT NULL,
    UNIQUE (org_uuid, serial_number)
  );
  -- Covering index of the listing order: a deep page skips index entries, never table rows.
  CREATE INDEX edge_devices_by_created ON edge_devices(created_on, uuid, org_uuid);

  CREATE TABLE edge_flows (
    uuid TEXT PRIMARY KEY,
    device_uuid TEXT NOT NULL REFERENCES edge_devices(uuid) ON DELETE CASCADE,
    flow_id TEXT NOT NULL, flow_name TEXT, flow_json TEXT, short_description TEXT, long_description TEXT,
    is_active INTEGER, is_disabled INTEGER,
    created_on INTEGER NOT NULL, modified_on INTEGER NOT NULL,
    UNIQUE (device_uuid, flow_id)
  );

  CREATE TABLE external_references (
    uuid TEXT PRIMARY KEY,
    device_uuid TEXT NOT NULL REFERENCES edge_devices(uuid) ON DELETE CASCADE,
    entity_type_code_identifier TEXT, entity_type_uuid TEXT, sub_type TEXT, user_name TEXT, password TEXT,
    is_active INTEGER, created_on INTEGER NOT NULL, modified_on INTEGER NOT NULL
  );
  CREATE INDEX external_references_by_device ON external_references(device_uuid, created_on, uuid);

  CREATE TABLE notifications (
    uuid TEXT PRIMARY KEY,
    type TEXT, created_by TEXT, updated_by TEXT, is_active INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );
  CREATE INDEX notifications_by_created ON notifications(created_on, uuid);

  CREATE TABLE notification_options (
    uuid TEXT PRIMARY KEY,
    notification_uuid TEXT NOT NULL REFERENCES notifications(uuid) ON DELETE CASCADE,
    attribute_name TEXT, attribute_value TEXT, created_by TEXT, updated_by TEXT, is_active INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL
  );
  CREATE INDEX notification_options_by_notification ON notification_options(notification_uuid, created_on, uuid);

  CREATE TABLE notification_configurations (
    uuid TEXT PRIMARY KEY,
    notification_uuid TEXT NOT NULL REFERENCES notifications(uuid) ON DELETE CASCADE,
    organization_uuid TEXT NOT NULL REFERENCES organizations(uuid),
    role_uuid TEXT NOT NULL,
    created_by TEXT, updated_by TEXT,
    apply_to_sub_organizations INTEGER, is_active INTEGER, is_linked INTEGER,
    created_on INTEGER NOT NULL, updated_on INTEGER NOT NULL,
    UNIQUE (notification_uuid, role_uuid, organization_uuid)
  );

  CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    org_uuid TEXT NOT NULL REFERENCES organizations(uuid),
    role TEXT NOT NULL CHECK (role IN ('admin', 'operator', 'viewer')),
    user_uuid TEXT,
    created_on INTEGER NOT NULL,
    revoked_on INTEGER
  );
  `,
  // Notifications belong to the organization that saved them (decisions.md). Those saved before there was an
  // owner go to the first root organization, where the first admin token goes.
  `
  ALTER TABLE notifications ADD COLUMN org_uuid TEXT REFERENCES organizations(uuid);
  UPDATE notifications SET org_uuid =
    (SELECT uuid FROM organizations WHERE parent_uuid IS NULL ORDER BY created_on, uuid LIMIT 1);
  CREATE INDEX notifications_by_org ON notifications(org_uuid, created_on, uuid);
  `,
  // Device counts per organization, kept in the same transaction as every device write (edge-devices.ts), so
  // X-Total-Count costs the same at a million devices as at ten: recounting after every write grew with them.
  // Not by a trigger: a writing trigger makes SQLite journal each statement, and inserts slowed by far.
  `
  CREATE TABLE org_device_counts (
    org_uuid TEXT PRIMARY KEY,
    n INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO org_device_counts (org_uuid, n) SELECT org_uuid, count(*) FROM edge_devices GROUP BY org_uuid;
  `,
  // When each token was last used, for `ccp server token list` (auth.ts writes it at most once a minute).
  `
  ALTER TABLE tokens ADD COLUMN last_used_on INTEGER;
  `,
  // Passwords of external references were stored in clear until this version: each becomes its salted hash.
  `
  UPDATE external_references SET password = hash_password(password) WHERE password IS NOT NULL;
  `,
  // The twin keeps no password at all, only whether one is set (decisions.md, "Secrets"): the column holds the
  // mask where one is set. Run with secure_delete on (migrate()), so no hash is left in the file's free space.
  `
  UPDATE external_references SET password = '${MASK}' WHERE password IS NOT NULL;
  `,
  // Licenses are found by what support staff hold (`license get|activate <key>`): the license key or the
  // serial number, read by index on the embedded default.
  `
  CREATE INDEX licenses_by_key ON licenses(license_key);
  CREATE INDEX licenses_by_serial ON licenses(serial_number);
  `,
  // Serial numbers are unique in an organization as people read them (domain serialKey: NFC, trimmed, no
  // zero-width characters); the serial is kept as sent, its key beside it. Look-alikes stored before this
  // version keep their key on the first in listing order only; the others have none until they are saved.
  `
  ALTER TABLE edge_devices ADD COLUMN serial_key TEXT;
  UPDATE edge_devices SET serial_key = serial_key(serial_number) WHERE serial_number IS NOT NULL;
  UPDATE edge_devices AS d SET serial_key = NULL WHERE serial_key IS NOT NULL AND EXISTS (
    SELECT 1 FROM edge_devices e WHERE e.org_uuid = d.org_uuid AND e.serial_key = d.serial_key
      AND (e.created_on, e.uuid) < (d.created_on, d.uuid));
  CREATE UNIQUE INDEX edge_devices_by_serial_key ON edge_devices(org_uuid, serial_key);
  `,
];

// The migration from which the file's old content is overwritten, not only unlinked from its pages.
const FORGETS_PASSWORDS = 5;

/** Runs the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Database.Database): number {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const check = (current: number) => {
    if (current > MIGRATIONS.length) {
      throw new Error(
        `database schema version ${current} is newer than this program knows (${MIGRATIONS.length})`,
      );
    }
  };
  check(version());
  // Called by the migration to schema 5, as shipped: what it stored, the next one replaces by the mask.
  db.function('hash_password', { deterministic: true }, (v: unknown) => (v == null ? null : MASK));
  // Passwords (or their hashes) dropped: their bytes are zeroed, not left in free space.
  const secureDelete = version() <= FORGETS_PASSWORDS;
  if (secureDelete) db.pragma('secure_delete = ON');
  db.function('serial_key', { deterministic: true }, (v: unknown) => serialKey(String(v)));
  for (let v = version(); v < MIGRATIONS.length; v = version()) {
    // Several processes may open a new database at once: each step takes the write lock first and reads the
    // version under it, so a migration another process has just applied is not applied twice.
    db.transaction(() => {
      const current = version();
      check(current);
      if (current !== v) return;
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
  if (secureDelete) db.pragma('secure_delete = OFF');
  return MIGRATIONS.length;
}

import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  Notification,
  NotificationConfiguration,
  NotificationOption,
} from '../../domain/notification.js';
import { formatDate, formatTimestamp } from '../../domain/timestamp.js';
import { groupBy, keyList, orNull, toBool, toInt } from './values.js';

interface NotificationRow {
  uuid: string;
  type: string | null;
  created_by: string | null;
  updated_by: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

interface OptionRow {
  uuid: string;
  notification_uuid: string;
  attribute_name: string | null;
  attribute_value: string | null;
  created_by: string | null;
  updated_by: string | null;
  is_active: number | null;
  created_on: number;
  updated_on: number;
}

interface ConfigurationRow {
  uuid: string;
  notification_uuid: string;
  organization_uuid: string;
  role_uuid: string;
  created_by: string | null;
  updated_by: string | null;
  apply_to_sub_organizations: number | null;
  is_active: number | null;
  is_linked: number | null;
  created_on: number;
  updated_on: number;
}

export function notificationRepo(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO notifications (uuid, type, created_by, updated_by, is_active, created_on, updated_on)
     VALUES (@uuid, @type, @created_by, @updated_by, coalesce(@is_active, 1), @now, @now)
     ON CONFLICT (uuid) DO UPDATE SET type = coalesce(@type, notifications.type),
       updated_by = coalesce(@updated_by, notifications.updated_by),
       is_active = coalesce(@is_active, notifications.is_active), updated_on = excluded.updated_on`,
  );
  const get = db.prepare<[string], NotificationRow>('SELECT * FROM notifications WHERE uuid = ?');
  const rowsOf = db.prepare<[string], NotificationRow>(
    'SELECT * FROM notifications WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
  );
  const allKeys = db.prepare<[], { uuid: string }>(
    'SELECT uuid FROM notifications ORDER BY created_on, uuid',
  );
  const optionsOf = db.prepare<[string], OptionRow>(
    `SELECT * FROM notification_options WHERE notification_uuid IN (SELECT value FROM json_each(?))
     ORDER BY notification_uuid, created_on, uuid`,
  );
  const deleteOptions = db.prepare('DELETE FROM notification_options WHERE notification_uuid = ?');
  const insertOption = db.prepare(
    `INSERT INTO notification_options (uuid, notification_uuid, attribute_name, attribute_value, created_by,
       updated_by, is_active, created_on, updated_on)
     VALUES (@uuid, @notification_uuid, @attribute_name, @attribute_value, @created_by, @updated_by, @is_active,
       @now, @now)`,
  );
  const upsertConfiguration = db.prepare(
    `INSERT INTO notification_configurations (uuid, notification_uuid, organization_uuid, role_uuid, created_by,
       updated_by, apply_to_sub_organizations, is_active, is_linked, created_on, updated_on)
     VALUES (@uuid, @notification_uuid, @organization_uuid, @role_uuid, @created_by, @updated_by,
       @apply_to_sub_organizations, @is_active, @is_linked, @now, @now)
     ON CONFLICT (notification_uuid, role_uuid, organization_uuid) DO UPDATE SET
       updated_by = coalesce(excluded.updated_by, notification_configurations.updated_by),
       apply_to_sub_organizations = excluded.apply_to_sub_organizations, is_active = excluded.is_active,
       is_linked = excluded.is_linked, updated_on = excluded.updated_on`,
  );
  const getConfiguration = db.prepare<[string, string, string], ConfigurationRow>(
    `SELECT * FROM notification_configurations
     WHERE notification_uuid = ? AND role_uuid = ? AND organization_uuid = ?`,
  );

  function toOption(o: OptionRow, tz: string): NotificationOption {
    return {
      uuid: o.uuid,
      attributeName: o.attribute_name,
      attributeValue: o.attribute_value,
      createdBy: o.created_by,
      updatedBy: o.updated_by,
      isActive: toBool(o.is_active),
      createdOn: formatTimestamp(o.created_on, tz),
      updatedOn: formatTimestamp(o.updated_on, tz),
    };
  }

  function load(uuids: string[], tz: string): Notification[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const options = groupBy(optionsOf.all(keys), (o) => o.notification_uuid);
    // In the order asked for: a batch shares one createdOn, so the table order would be the uuids'.
    const position = new Map(uuids.map((u, i) => [u, i]));
    const rows = rowsOf.all(keys).sort((a, b) => (position.get(a.uuid) ?? 0) - (position.get(b.uuid) ?? 0));
    return rows.map((n) => ({
      uuid: n.uuid,
      type: n.type,
      createdBy: n.created_by,
      updatedBy: n.updated_by,
      isActive: toBool(n.is_active),
      createdOn: formatDate(n.created_on, tz),
      updatedOn: formatDate(n.updated_on, tz),
      notificationOptions: (options.get(n.uuid) ?? []).map((o) => toOption(o, tz)),
    }));
  }

  return {
    load,
    all: (tz: string) =>
      load(
        allKeys.all().map((k) => k.uuid),
        tz,
      ),
    exists: (uuid: string) => get.get(uuid) !== undefined,
    /** Saves a notification (an update changes only the fields sent) and replaces its options when sent. */
    put(n: Notification & { uuid: string }, now: number): void {
      insert.run({
        uuid: n.uuid,
        type: orNull(n.type),
        created_by: orNull(n.createdBy),
        updated_by: orNull(n.updatedBy),
        is_active: n.isActive == null ? null : toInt(n.isActive),
        now,
      });
      if (n.notificationOptions == null) return;
      deleteOptions.run(n.uuid);
      for (const o of n.notificationOptions ?? []) {
        insertOption.run({
          uuid: o.uuid ?? randomUUID(),
          notification_uuid: n.uuid,
          attribute_name: orNull(o.attributeName),
          attribute_value: orNull(o.attributeValue),
          created_by: orNull(o.createdBy),
          updated_by: orNull(o.updatedBy),
          is_active: toInt(o.isActive ?? true),
          now,
        });
      }
    },
    /** Creates or updates the configuration keyed by (notification, role, organization). */
    configure(
      c: NotificationConfiguration & { notificationUuid: string; roleUuid: string; organizationUuid: string },
      now: number,
      tz: string,
    ): NotificationConfiguration {
      upsertConfiguration.run({
        uuid: randomUUID(),
        notification_uuid: c.notificationUuid,
        organization_uuid: c.organizationUuid,
        role_uuid: c.roleUuid,
        created_by: orNull(c.createdBy),
        updated_by: orNull(c.updatedBy),
        apply_to_sub_organizations: toInt(c.applyToSubOrganizaitons ?? false),
        is_active: toInt(c.isActive ?? true),
        is_linked: toInt(c.isLinked ?? true),
        now,
      });
      const r = getConfiguration.get(c.notificationUuid, c.roleUuid, c.organizationUuid)!;
      return {
        uuid: r.uuid,
        notificationUuid: r.notification_uuid,
        organizationUuid: r.organization_uuid,
        roleUuid: r.role_uuid,
        createdBy: r.created_by,
        updatedBy: r.updated_by,
        applyToSubOrganizaitons: toBool(r.apply_to_sub_organizations),
        isActive: toBool(r.is_active),
        isLinked: toBool(r.is_linked),
        createdOn: formatTimestamp(r.created_on, tz),
        updatedOn: formatTimestamp(r.updated_on, tz),
      };
    },
  };
}

export type NotificationRepo = ReturnType<typeof notificationRepo>;

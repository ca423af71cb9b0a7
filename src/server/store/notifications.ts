import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  Notification,
  NotificationConfiguration,
  NotificationOption,
} from '../../domain/notification.js';
import { bind, fromRow, insertSql, type RowOf, toRow } from './columns.js';
import {
  CONFIGURATION,
  NOTIFICATION,
  type NotificationRow,
  NOTIFICATION_OPTION as OPTION,
  NOTIFICATION_OPTION_COLUMNS as OPTION_COLUMNS,
  type NotificationOptionRow as OptionRow,
} from './entities.js';
import { SCOPE_CTE } from './scope.js';
import { prepared } from './sqlite.js';
import { groupBy, keyList } from './values.js';

type ConfigurationRow = RowOf<typeof CONFIGURATION>;

export function notificationRepo(db: Database.Database) {
  // An update changes only what is sent; the owner stays the one that created it.
  const save = prepared(() =>
    db.prepare(
      `INSERT INTO notifications (uuid, org_uuid, type, created_by, updated_by, is_active, created_on, updated_on)
     VALUES (@uuid, @org_uuid, @type, @created_by, @updated_by, coalesce(@is_active, 1), @created_on,
       @updated_on)
     ON CONFLICT (uuid) DO UPDATE SET type = coalesce(@type, notifications.type),
       updated_by = coalesce(@updated_by, notifications.updated_by),
       is_active = coalesce(@is_active, notifications.is_active), updated_on = excluded.updated_on`,
    ),
  );
  const get = prepared(() =>
    db.prepare<[string], NotificationRow>('SELECT * FROM notifications WHERE uuid = ?'),
  );
  const rowsOf = prepared(() =>
    db.prepare<[string], NotificationRow>(
      'SELECT * FROM notifications WHERE uuid IN (SELECT value FROM json_each(?)) ORDER BY created_on, uuid',
    ),
  );
  const keysInScope = prepared(() =>
    db.prepare<[{ root: string }], { uuid: string }>(
      `${SCOPE_CTE} SELECT uuid FROM notifications WHERE org_uuid IN (SELECT uuid FROM scope)
     ORDER BY created_on, uuid`,
    ),
  );
  const optionsOf = prepared(() =>
    db.prepare<[string], OptionRow>(
      `SELECT * FROM notification_options WHERE notification_uuid IN (SELECT value FROM json_each(?))
     ORDER BY notification_uuid, created_on, uuid`,
    ),
  );
  const deleteOptions = prepared(() =>
    db.prepare('DELETE FROM notification_options WHERE notification_uuid = ?'),
  );
  const insertOption = prepared(() => db.prepare(insertSql('notification_options', OPTION_COLUMNS)));
  const upsertConfiguration = prepared(() =>
    db.prepare(
      `INSERT INTO notification_configurations (uuid, notification_uuid, organization_uuid, role_uuid, created_by,
       updated_by, apply_to_sub_organizations, is_active, is_linked, created_on, updated_on)
     VALUES (@uuid, @notification_uuid, @organization_uuid, @role_uuid, @created_by, @updated_by,
       @apply_to_sub_organizations, @is_active, @is_linked, @created_on, @updated_on)
     ON CONFLICT (notification_uuid, role_uuid, organization_uuid) DO UPDATE SET
       updated_by = coalesce(excluded.updated_by, notification_configurations.updated_by),
       apply_to_sub_organizations = excluded.apply_to_sub_organizations, is_active = excluded.is_active,
       is_linked = excluded.is_linked, updated_on = excluded.updated_on`,
    ),
  );
  const getConfiguration = prepared(() =>
    db.prepare<[string, string, string], ConfigurationRow>(
      `SELECT * FROM notification_configurations
     WHERE notification_uuid = ? AND role_uuid = ? AND organization_uuid = ?`,
    ),
  );

  function load(uuids: string[], tz: string): Notification[] {
    if (uuids.length === 0) return [];
    const keys = keyList(uuids);
    const options = groupBy(optionsOf().all(keys), (o) => o.notification_uuid);
    // In the order asked for: a batch shares one createdOn, so the table order would be the uuids'.
    const position = new Map(uuids.map((u, i) => [u, i]));
    const rows = rowsOf()
      .all(keys)
      .sort((a, b) => (position.get(a.uuid) ?? 0) - (position.get(b.uuid) ?? 0));
    return rows.map((n) => ({
      ...fromRow<Notification>(NOTIFICATION, n, tz),
      notificationOptions: (options.get(n.uuid) ?? []).map((o) => fromRow<NotificationOption>(OPTION, o, tz)),
    }));
  }

  return {
    load,
    /** The notifications owned by `root` or an organization below it, oldest first. */
    all: (tz: string, root: string) =>
      load(
        keysInScope()
          .all({ root })
          .map((k) => k.uuid),
        tz,
      ),
    exists: (uuid: string) => get().get(uuid) !== undefined,
    /** The owning organization: undefined for an unknown notification, null for one with no owner. */
    owner: (uuid: string): string | null | undefined => {
      const row = get().get(uuid);
      return row ? row.org_uuid : undefined;
    },
    /**
     * Saves a notification (an update changes only the fields sent, never the owner) and replaces its options
     * when sent. `owner` is the organization a new notification belongs to.
     */
    put(n: Notification & { uuid: string }, owner: string | null, now: number): void {
      save().run({ ...toRow(NOTIFICATION, n, { created_on: now, updated_on: now }), org_uuid: owner });
      if (n.notificationOptions == null) return;
      deleteOptions().run(n.uuid);
      for (const o of n.notificationOptions) {
        const row = toRow(OPTION, o, {
          uuid: o.uuid ?? randomUUID(),
          is_active: o.isActive === false ? 0 : 1,
          created_on: now,
          updated_on: now,
        });
        insertOption().run(bind({ ...row, notification_uuid: n.uuid }, OPTION_COLUMNS));
      }
    },
    /** Creates or updates the configuration keyed by (notification, role, organization). */
    configure(
      c: NotificationConfiguration & { notificationUuid: string; roleUuid: string; organizationUuid: string },
      now: number,
      tz: string,
    ): NotificationConfiguration {
      const flags = {
        applyToSubOrganizaitons: c.applyToSubOrganizaitons ?? false,
        isActive: c.isActive ?? true,
        isLinked: c.isLinked ?? true,
      };
      const stamps = { uuid: randomUUID(), created_on: now, updated_on: now };
      upsertConfiguration().run(toRow(CONFIGURATION, { ...c, ...flags }, stamps));
      const r = getConfiguration().get(c.notificationUuid, c.roleUuid, c.organizationUuid)!;
      return fromRow<NotificationConfiguration>(CONFIGURATION, r, tz);
    },
  };
}

export type NotificationRepo = ReturnType<typeof notificationRepo>;

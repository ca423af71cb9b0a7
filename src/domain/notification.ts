import { z } from 'zod';
import { bool, DateOnly, str, Timestamp, uuid } from './common.js';

export const NotificationOption = z
  .object({
    uuid: uuid(),
    attributeName: str(),
    attributeValue: str(),
    createdBy: str(),
    updatedBy: str(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
  })
  .meta({ id: 'NotificationOption' });
export type NotificationOption = z.infer<typeof NotificationOption>;

// A notification's own createdOn/updatedOn are dates (YYYY-MM-DD), unlike every other record.
export const Notification = z
  .object({
    uuid: uuid(),
    type: str(),
    createdBy: str(),
    updatedBy: str(),
    isActive: bool(),
    createdOn: DateOnly.nullish(),
    updatedOn: DateOnly.nullish(),
    notificationOptions: z.array(NotificationOption).nullish(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

/** PUT /notification names each notification by uuid. */
export const NotificationUpdate = Notification.extend({ uuid: z.guid() }).meta({ id: 'NotificationUpdate' });

// Spelling kept: applyToSubOrganizaitons.
export const NotificationConfiguration = z
  .object({
    uuid: uuid(),
    notificationUuid: uuid(),
    organizationUuid: uuid(),
    roleUuid: uuid(),
    createdBy: str(),
    updatedBy: str(),
    applyToSubOrganizaitons: bool(),
    isActive: bool(),
    isLinked: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
  })
  .meta({ id: 'NotificationConfiguration' });
export type NotificationConfiguration = z.infer<typeof NotificationConfiguration>;

/** A configuration is keyed by (notificationUuid, roleUuid, organizationUuid). */
export const NotificationConfigurationInput = NotificationConfiguration.extend({
  notificationUuid: z.guid(),
  roleUuid: z.guid(),
}).meta({ id: 'NotificationConfigurationInput' });

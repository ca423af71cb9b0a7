import type { z } from 'zod';
import type {
  Notification,
  NotificationConfigurationInput,
  NotificationUpdate,
} from '../domain/notification.js';
import type { WriteRequest } from './write-request.js';

/** POST /notification: creates notifications with their options; the server assigns uuids. */
export function saveNotificationsRequest(records: Notification[]): WriteRequest<Notification> {
  return { method: 'POST', path: '/notification', records };
}

/** PUT /notification: replaces each named notification's options. */
export function updateNotificationsRequest(
  records: z.infer<typeof NotificationUpdate>[],
): WriteRequest<z.infer<typeof NotificationUpdate>> {
  return { method: 'PUT', path: '/notification', records };
}

/** POST /notification/configure: keyed by (notification, role, organization). */
export function configureNotificationRequest(
  record: z.infer<typeof NotificationConfigurationInput>,
): WriteRequest<z.infer<typeof NotificationConfigurationInput>> {
  return { method: 'POST', path: '/notification/configure', records: [record] };
}

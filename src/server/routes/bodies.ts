// The request bodies the routes validate, by name (a route's `body`). This module and zod load with the
// first request that has a body: a listing, on the embedded default the most common command, builds none.
import { z } from 'zod';
import { CodeLookup } from '../../domain/code.js';
import { EdgeDeviceInput, EdgeDevicePushInput } from '../../domain/edge-device.js';
import { requestEnvelope } from '../../domain/envelope.js';
import {
  Notification,
  NotificationConfigurationInput,
  NotificationUpdate,
} from '../../domain/notification.js';
import { OrganizationOptionInput, OrganizationUpdateRequest } from '../../domain/organization.js';
import { ReportRequest } from '../../domain/report.js';

// decisions.md: at most 5 reports per request (each may be a 100,000-row file).
export const MAX_REPORTS_PER_REQUEST = 5;

export const BODIES = {
  // Missing or empty data has its own reason (section 7), ahead of the record's schema: the route parses
  // the envelope itself (CODE_LOOKUP).
  codeGet: z.unknown(),
  edgeDeviceAdd: requestEnvelope(EdgeDeviceInput),
  edgeDevicePush: requestEnvelope(EdgeDevicePushInput),
  // A missing or malformed uuid here is the operation's own 200 CCP-HTTP-017, not a validation 406.
  orgUpdate: requestEnvelope(OrganizationUpdateRequest),
  orgOptionsAdd: requestEnvelope(OrganizationOptionInput),
  notificationSave: requestEnvelope(Notification),
  notificationUpdate: requestEnvelope(NotificationUpdate),
  notificationConfigure: requestEnvelope(NotificationConfigurationInput),
  reportDownload: requestEnvelope(ReportRequest).extend({
    data: z.array(ReportRequest).max(MAX_REPORTS_PER_REQUEST),
  }),
};

/** `POST /codes`'s envelope, parsed by the route once it has checked `data` is there. */
export const CODE_LOOKUP = requestEnvelope(CodeLookup);

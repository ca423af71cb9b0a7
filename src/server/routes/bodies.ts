// The request bodies the routes validate, by name (a route's `body`). Each body's schema, and the domain
// module of its records, is built when a request first needs it: a bulk add on the embedded default builds
// the devices' envelope alone, not the reports', notifications' and organizations' schemas (some twenty
// objects zod builds at a cost), and a listing builds none.
import { z } from 'zod';
import { requestEnvelope } from '../../domain/envelope.js';

// decisions.md: at most 5 reports per request (each may be a 100,000-row file).
export const MAX_REPORTS_PER_REQUEST = 5;

const domain = {
  code: () => import('../../domain/code.js'),
  edgeDevice: () => import('../../domain/edge-device.js'),
  notification: () => import('../../domain/notification.js'),
  organization: () => import('../../domain/organization.js'),
  report: () => import('../../domain/report.js'),
};

const BUILDERS = {
  // Missing or empty data has its own reason (section 7), ahead of the record's schema: the route parses
  // the envelope itself (CODE_LOOKUP).
  codeGet: async () => z.unknown(),
  edgeDeviceAdd: async () => requestEnvelope((await domain.edgeDevice()).EdgeDeviceInput),
  edgeDevicePush: async () => requestEnvelope((await domain.edgeDevice()).EdgeDevicePushInput),
  // A missing or malformed uuid here is the operation's own 200 CCP-HTTP-017, not a validation 406.
  orgUpdate: async () => requestEnvelope((await domain.organization()).OrganizationUpdateRequest),
  orgOptionsAdd: async () => requestEnvelope((await domain.organization()).OrganizationOptionInput),
  notificationSave: async () => requestEnvelope((await domain.notification()).Notification),
  notificationUpdate: async () => requestEnvelope((await domain.notification()).NotificationUpdate),
  notificationConfigure: async () =>
    requestEnvelope((await domain.notification()).NotificationConfigurationInput),
  reportDownload: async () => {
    const { ReportRequest } = await domain.report();
    return requestEnvelope(ReportRequest).extend({
      data: z.array(ReportRequest).max(MAX_REPORTS_PER_REQUEST),
    });
  },
};

/** A request body's schema, by its name here. */
export type BodyName = keyof typeof BUILDERS;
export type BodySchema<K extends BodyName> = Awaited<ReturnType<(typeof BUILDERS)[K]>>;

const built = new Map<BodyName, Promise<z.ZodType>>();

/** The schema of body `name`, built once. */
export function bodySchema<K extends BodyName>(name: K): Promise<BodySchema<K>> {
  let schema = built.get(name);
  if (!schema) {
    schema = BUILDERS[name]();
    built.set(name, schema);
  }
  return schema as Promise<BodySchema<K>>;
}

let lookup: ReturnType<typeof buildLookup> | undefined;
const buildLookup = async () => requestEnvelope((await domain.code()).CodeLookup);

/** `POST /codes`'s envelope, parsed by the route once it has checked `data` is there. */
export function codeLookup(): ReturnType<typeof buildLookup> {
  lookup ??= buildLookup();
  return lookup;
}

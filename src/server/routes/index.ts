import type { Route } from '../route.js';
import { codeRoutes } from './codes.js';
import { downloadRoutes } from './download.js';
import { edgeDeviceRoutes } from './edge-devices.js';
import { licenseRoutes } from './licenses.js';
import { notificationRoutes } from './notifications.js';
import { organizationRoutes } from './organizations.js';

/** The 13 operations of the interface (the OpenAPI route is added by the app). */
export const API_ROUTES: readonly Route[] = [
  ...licenseRoutes,
  ...codeRoutes,
  ...edgeDeviceRoutes,
  ...organizationRoutes,
  ...notificationRoutes,
  ...downloadRoutes,
];

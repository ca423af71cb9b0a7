// What `PUT /license/{uuid}/{action}` accepts, apart from the license schemas (license.ts): the route checks
// it on every call, and zod loads only for a body.
export const LICENSE_ACTIONS = ['activate', 'deactivate'] as const;
export type LicenseAction = (typeof LICENSE_ACTIONS)[number];

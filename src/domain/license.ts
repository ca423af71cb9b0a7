import { z } from 'zod';
import { bool, count, int, looseObject, str, Timestamp, uuid } from './common.js';

export const License = z
  .object({
    uuid: uuid(),
    licenseKey: str(),
    orgUuid: uuid(),
    status: str(),
    active: bool(),
    activateOn: Timestamp.nullish(),
    createdOn: Timestamp.nullish(),
    licenseFrom: Timestamp.nullish(),
    licenseTo: Timestamp.nullish(),
    updateOn: Timestamp.nullish(),
    details: looseObject().nullish(),
  })
  .meta({ id: 'License' });
export type License = z.infer<typeof License>;

export const LicenseDetails = z
  .object({
    uuid: uuid(),
    type: str(),
    active: bool(),
    provisioned: count(),
    remaining: int(),
    remainingDays: int(),
    total: count(),
    createOn: Timestamp.nullish(),
    updateOn: Timestamp.nullish(),
    componentDetails: z.array(looseObject()).nullish(),
    license: License.nullish(),
  })
  .meta({ id: 'LicenseDetails' });
export type LicenseDetails = z.infer<typeof LicenseDetails>;

export const LicenseRecord = z
  .object({
    uuid: uuid(),
    attributeName: str(),
    serialNumber: str(),
    value: str(),
    createOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
    licenseDetails: LicenseDetails.nullish(),
  })
  .meta({ id: 'LicenseRecord' });
export type LicenseRecord = z.infer<typeof LicenseRecord>;

export { LICENSE_ACTIONS, type LicenseAction } from './license-actions.js';

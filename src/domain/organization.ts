import { z } from 'zod';
import { bool, looseObject, str, Timestamp, text, uuid } from './common.js';

export const OrgAddress = z
  .object({
    uuid: uuid(),
    codeUuid: uuid(),
    city: str(),
    country: str(),
    orgEmail: str(),
    orgMobile: str(),
    pin: str(),
    state: str(),
    streetAddress: str(),
    website: str(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
  })
  .meta({ id: 'OrgAddress' });
export type OrgAddress = z.infer<typeof OrgAddress>;

export const Organization = z
  .object({
    uuid: uuid(),
    codeUuid: uuid(),
    orgAdmin: str(),
    orgName: str(),
    organizationUuid: uuid(),
    userUuid: uuid(),
    isActive: bool(),
    isDemo: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
    orgAddress: OrgAddress.nullish(),
    suborganization: z.array(looseObject()).nullish(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

/** PUT /org/update names each organization by uuid. */
export const OrganizationUpdate = Organization.extend({ uuid: z.guid() }).meta({ id: 'OrganizationUpdate' });
export type OrganizationUpdate = z.infer<typeof OrganizationUpdate>;

/**
 * PUT /org/update as the server reads it (and the OpenAPI document states it): the operation checks each
 * uuid itself and answers a missing or malformed one with its own 200 CCP-HTTP-017 (decisions.md), not a 406.
 */
export const OrganizationUpdateRequest = Organization.extend({
  uuid: z
    .string()
    .nullish()
    .meta({
      description:
        'The organization to update, a uuid (8-4-4-4-12 hex digits). Missing, null, malformed or unknown: ' +
        'answered with HTTP 200 and `CCP-HTTP-017` (not refused with 406)',
    }),
}).meta({ id: 'OrganizationUpdateRequest' });

export const OrganizationOption = z
  .object({
    uuid: uuid(),
    key: str(),
    value: str(),
    organizationUuid: uuid(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
  })
  .meta({ id: 'OrganizationOption' });
export type OrganizationOption = z.infer<typeof OrganizationOption>;

/** Options are upserted by key, so a key is what an option needs. */
export const OrganizationOptionInput = OrganizationOption.extend({ key: text().min(1) }).meta({
  id: 'OrganizationOptionInput',
});
export type OrganizationOptionInput = z.infer<typeof OrganizationOptionInput>;

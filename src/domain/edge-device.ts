import { z } from 'zod';
import { bool, count, longText, port, str, Timestamp, text, uuid } from './common.js';

export const EdgeFlow = z
  .object({
    uuid: uuid(),
    flowId: str(),
    flowName: str(),
    flowJSON: longText().nullish(),
    shortDescription: str(),
    longDescription: str(),
    isActive: bool(),
    isDisabled: bool(),
    createdOn: Timestamp.nullish(),
    modifiedOn: Timestamp.nullish(),
  })
  .meta({ id: 'EdgeFlow' });
export type EdgeFlow = z.infer<typeof EdgeFlow>;

export const ExternalReference = z
  .object({
    uuid: uuid(),
    entityTypeCodeIdentifier: str(),
    entityTypeUUID: uuid(),
    subType: str(),
    userName: str(),
    password: str(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    modifiedOn: Timestamp.nullish(),
  })
  .meta({ id: 'ExternalReference' });
export type ExternalReference = z.infer<typeof ExternalReference>;

// Field names keep the interface's spelling (ipAdress, noOfdevices).
export const EdgeDevice = z
  .object({
    uuid: uuid(),
    edgeDeviceName: str(),
    serialNumber: str(),
    ipAdress: str(),
    port: port(),
    location: str(),
    shortDescription: str(),
    longDescription: str(),
    noOfdevices: count(),
    isActive: bool(),
    isDisabled: bool(),
    orgUUID: uuid(),
    userUUID: uuid(),
    createdOn: Timestamp.nullish(),
    modifiedOn: Timestamp.nullish(),
    edgeFlows: z.array(EdgeFlow).nullish(),
    externalReferences: z.array(ExternalReference).nullish(),
  })
  .meta({ id: 'EdgeDevice' });
export type EdgeDevice = z.infer<typeof EdgeDevice>;

/** A device to add: a name and a serial number are what make it addressable. */
export const EdgeDeviceInput = EdgeDevice.extend({
  edgeDeviceName: text().min(1),
  serialNumber: text().min(1),
}).meta({ id: 'EdgeDeviceInput' });
export type EdgeDeviceInput = z.infer<typeof EdgeDeviceInput>;

/**
 * A device as `apply` reads it: its match key (uuid, else serialNumber) and the fields it gives, since only
 * those are compared. A record no stored device matches is new, and needs what add needs (EdgeDeviceInput);
 * the plan checks that once matching has told.
 */
export const EdgeDeviceApplyInput = EdgeDevice.extend({ serialNumber: text().min(1).nullish() });
export type EdgeDeviceApplyInput = z.infer<typeof EdgeDeviceApplyInput>;

/** A flow to push: flowId names it within its device; flowJSON must hold JSON. */
export const EdgeFlowInput = EdgeFlow.extend({
  flowId: text().min(1),
  flowJSON: longText().refine(
    (s) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'flowJSON must hold valid JSON' },
  ),
}).meta({ id: 'EdgeFlowInput' });

/** A push names a device by uuid and carries its flows. */
export const EdgeDevicePushInput = EdgeDevice.extend({
  uuid: z.guid(),
  edgeFlows: z.array(EdgeFlowInput).min(1),
}).meta({ id: 'EdgeDevicePushInput' });
export type EdgeDevicePushInput = z.infer<typeof EdgeDevicePushInput>;

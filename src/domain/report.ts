import { z } from 'zod';
import { Code } from './code.js';
import { bool, count, int, longText, looseObject, str, Timestamp, uuid } from './common.js';

const counted = { noOfAttributes: count(), noOfTags: count() };
const stamped = { createdOn: Timestamp.nullish(), modifiedOn: Timestamp.nullish() };

export const ReportAttribute = z
  .object({
    uuid: uuid(),
    attributeName: str(),
    attributeType: str(),
    jsonPath: str(),
    isActive: bool(),
    ...counted,
    ...stamped,
  })
  .meta({ id: 'ReportAttribute' });

export const ReportTag = z
  .object({ uuid: uuid(), name: str(), value: str(), isActive: bool(), ...counted, ...stamped })
  .meta({ id: 'ReportTag' });

export const ReportRule = z
  .object({
    uuid: uuid(),
    andOr: str(),
    condition: str(),
    property: str(),
    value: str(),
    isActive: bool(),
    ...counted,
    ...stamped,
  })
  .meta({ id: 'ReportRule' });

export const ReportTriggerOption = z
  .object({ uuid: uuid(), attributeName: str(), attributeValue: str(), isActive: bool(), ...stamped })
  .meta({ id: 'ReportTriggerOption' });

export const ReportTrigger = z
  .object({
    uuid: uuid(),
    triggerAddress: str(),
    triggerAddressArgument: str(),
    triggerHttpCallType: str(),
    triggerMessage: str(),
    triggerMessageArgument: str(),
    triggerName: str(),
    triggerQueueTopic: str(),
    triggerScript: str(),
    triggerType: str(),
    isActive: bool(),
    ...counted,
    ...stamped,
    rules: z.array(ReportRule).nullish(),
    triggerOptions: z.array(ReportTriggerOption).nullish(),
  })
  .meta({ id: 'ReportTrigger' });

export const ReportDevice = z
  .object({
    uuid: uuid(),
    description: str(),
    deviceName: str(),
    edgeDeviceUuid: uuid(),
    organizationName: str(),
    organizationUuid: uuid(),
    userUuid: uuid(),
    isActive: bool(),
    isDisabled: bool(),
    isTemplate: bool(),
    noOfAttributes: count(),
    noOfTags: count(),
    noOfTriggers: count(),
    timestamp: int(),
    ...stamped,
    attributes: z.array(ReportAttribute).nullish(),
    tags: z.array(ReportTag).nullish(),
    triggers: z.array(ReportTrigger).nullish(),
  })
  .meta({ id: 'ReportDevice' });

export const SandboxDetail = z
  .object({
    attributeName: str(),
    dataMethodCodeUuid: uuid(),
    value: str(),
    max: int(),
    min: int(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
    generationCode: Code.nullish(),
    sandbox: looseObject().nullish(),
  })
  .meta({ id: 'SandboxDetail' });

export const Sandbox = z
  .object({
    uuid: uuid(),
    description: str(),
    deviceUuid: uuid(),
    name: str(),
    organizationUuid: uuid(),
    timeField: str(),
    userUuid: uuid(),
    from: int(),
    timeunit: int(),
    to: int(),
    isActive: bool(),
    isDataMocked: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
    sandboxDetails: z.array(SandboxDetail).nullish(),
  })
  .meta({ id: 'Sandbox' });

export const ReportDetail = z
  .object({
    adminEmail: str(),
    deviceUUID: uuid(),
    inviteUserEmail: str(),
    inviteUserUuid: uuid(),
    orgEmail: str(),
    orgUUID: uuid(),
    recipientEmail: str(),
    recipientUUID: uuid(),
    roleUUID: uuid(),
    sandboxUUID: uuid(),
    senderEmail: str(),
    senderUUID: uuid(),
    deviceNumber: count(),
    mailToUser: bool(),
    deviceBos: z.array(ReportDevice).nullish(),
    sandboxBos: z.array(Sandbox).nullish(),
  })
  .meta({ id: 'ReportDetail' });

export {
  REPORT_FILE_TYPES,
  REPORT_TEMPLATES,
  type ReportFileType,
  type ReportTemplate,
} from './report-kinds.js';

export const ReportRequest = z
  .object({
    detail: ReportDetail.nullish(),
    emailData: str(),
    // The report itself, base64: bounded, like flowJSON, by the body alone.
    fileData: longText().nullish(),
    fileType: str(),
    reportName: str(),
    templateKey: str(),
    token: str(),
  })
  .meta({ id: 'ReportRequest' });
export type ReportRequest = z.infer<typeof ReportRequest>;

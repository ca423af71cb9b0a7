// Section 7 of the interface, and the codes decisions.md adds for errors that have none.
// Shared by the server (to answer) and the client (to explain and map to exit codes).

export interface ServiceErrorDef {
  readonly status: number;
  readonly code: string;
  readonly reason: string;
}

export const SERVICE_ERRORS = {
  codeFetch: { status: 200, code: 'CCP-CS-001', reason: 'Error while fetching Code' },
  reportDownload: { status: 200, code: 'CCP-RM-002', reason: 'Error while downloading report' },
  invalidUuid: { status: 200, code: 'CCP-HTTP-017', reason: 'Invalid UUID Identifier' },
  edgeDeviceSave: { status: 200, code: 'CCP-DM-006', reason: 'Error while Creating/Updating edge device' },
  codeTypeFetch: { status: 200, code: 'CCP-CS-004', reason: 'Error while fetching CodeType' },
  methodNotSupported: { status: 400, code: 'CCP-HTTP-003', reason: 'Request method not supported' },
  unauthorized: { status: 401, code: 'UNAUTHORIZED', reason: 'You are not authorized to view the resource' },
  forbidden: { status: 403, code: 'FORBIDDEN', reason: 'Accessing the resource is forbidden' },
  notFound: { status: 404, code: 'NOT_FOUND', reason: 'The resource you were trying to reach is not found' },
  pageNo: { status: 406, code: 'CCP-BV-001', reason: 'Page no should not be less than zero' },
  pageSize: { status: 406, code: 'CCP-BV-001', reason: 'Page size must be greater than zero' },
  pageSizeMax: { status: 406, code: 'CCP-BV-001', reason: 'Page size must not exceed 1000' },
  emptyData: { status: 406, code: 'CCP-BV-001', reason: 'Data can not be Null or Empty' },
  // Validation errors use the same code; the reason adds the field path.
  validation: { status: 406, code: 'CCP-BV-001', reason: 'Data can not be Null or Empty' },
  payloadTooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE', reason: 'Payload too large' },
} as const satisfies Record<string, ServiceErrorDef>;

export type ServiceErrorName = keyof typeof SERVICE_ERRORS;

export const MAX_PAGE_SIZE = 1000;
export const MAX_BODY_BYTES = 1024 * 1024;

/** The reason text of an error envelope: "<CODE> <reason>[: detail]". */
export function reasonText(def: ServiceErrorDef, detail?: string): string {
  return detail ? `${def.code} ${def.reason}: ${detail}` : `${def.code} ${def.reason}`;
}

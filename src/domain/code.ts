import { z } from 'zod';
import { bool, str, Timestamp, uuid } from './common.js';

/** The fields of a code or of a code type: the same but for the name of their identifier. */
function entryFields<K extends string>(identifier: K) {
  return {
    uuid: uuid(),
    clazz: str(),
    ...({ [identifier]: str() } as Record<K, ReturnType<typeof str>>),
    shortDescription: str(),
    longDescription: str(),
    value: str(),
    isActive: bool(),
    createdOn: Timestamp.nullish(),
    updatedOn: Timestamp.nullish(),
  };
}

const codeFields = entryFields('codeIdentifier');
const codeTypeFields = entryFields('codeTypeIdentifier');

/** A code as listed inside its code type (no back reference). */
export const CodeSummary = z.object(codeFields).meta({ id: 'CodeSummary' });
export type CodeSummary = z.infer<typeof CodeSummary>;

export const CodeType = z
  .object({ ...codeTypeFields, codes: z.array(CodeSummary).nullish() })
  .meta({ id: 'CodeType' });
export type CodeType = z.infer<typeof CodeType>;

export const Code = z.object({ ...codeFields, codeType: CodeType.nullish() }).meta({ id: 'Code' });
export type Code = z.infer<typeof Code>;

/** POST /codes names the code to fetch by data[0].uuid. */
export const CodeLookup = Code.extend({ uuid: z.guid() }).meta({ id: 'CodeLookup' });

import { defineGroup } from '../../../kit/command.js';
import { serverTokenCreate } from './create.js';
import { serverTokenList } from './list.js';
import { serverTokenRevoke } from './revoke.js';

export const serverTokenGroup = defineGroup({
  name: 'token',
  description: 'Bearer tokens of the embedded server',
  verbs: [serverTokenCreate, serverTokenList, serverTokenRevoke],
});

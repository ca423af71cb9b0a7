import { defineGroup } from '../../kit/command.js';
import { codeGet } from './get.js';

export const codeGroup = defineGroup({
  name: 'code',
  description: 'Codes: get',
  verbs: [codeGet],
});

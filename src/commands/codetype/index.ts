import { defineGroup } from '../../kit/command.js';
import { codeTypeGet } from './get.js';
import { codeTypeList } from './list.js';

export const codeTypeGroup = defineGroup({
  name: 'codetype',
  description: 'Code types: list, get',
  verbs: [codeTypeList, codeTypeGet],
});

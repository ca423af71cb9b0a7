import { defineGroup } from '../../kit/command.js';
import { reportDownload } from './download.js';

export const reportGroup = defineGroup({
  name: 'report',
  description: 'Reports: download',
  verbs: [reportDownload],
});

import { defineGroup } from '../../kit/command.js';
import { serverClone } from './clone.js';
import { serverImport } from './import.js';
import { serverSeed } from './seed.js';
import { serverStart } from './start.js';
import { serverTokenGroup } from './token/index.js';

export const serverGroup = defineGroup({
  name: 'server',
  description: 'The embedded server: start, import, seed, clone, tokens',
  verbs: [serverStart, serverImport, serverSeed, serverClone, serverTokenGroup],
});

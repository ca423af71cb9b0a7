import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerServerClone } from './clone.js';
import { registerServerImport } from './import.js';
import { registerServerSeed } from './seed.js';
import { registerServerStart } from './start.js';
import { registerServerTokenCreate } from './token-create.js';
import { registerServerTokenList, registerServerTokenRevoke } from './token-manage.js';

export function registerServer(program: Command, f: Factory): Command {
  const group = program
    .command('server')
    .description('The embedded server: start, import, seed, clone, tokens');
  return deferVerbs(group, () => {
    registerServerStart(group, f);
    registerServerImport(group, f);
    registerServerSeed(group, f);
    registerServerClone(group, f);
    const token = group.command('token').description('Bearer tokens of the embedded server');
    registerServerTokenCreate(token, f);
    registerServerTokenList(token, f);
    registerServerTokenRevoke(token, f);
  });
}

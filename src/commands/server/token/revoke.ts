// `ccp server token revoke`: a token by its id, never by the token itself.
import { defineCommand } from '../../../kit/command.js';
import { UsageError } from '../../../kit/command-errors.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from '../db.js';

export interface ServerTokenRevokeOptions {
  dbPath: string;
  /** 12 hex digits, as `ccp server token list` shows. */
  id: string;
}

export const serverTokenRevoke = defineCommand<ServerTokenRevokeOptions>({
  name: 'revoke',
  description:
    'Revoke a token by its id (from `ccp server token list`): it gets 401 at once, in every process',
  examples: ['ccp server token revoke 3f9a1c2b7d4e'],
  declare: (cmd) =>
    cmd.argument('<id>', 'the id `ccp server token list` shows').addHelpText('after', `\n${DB_HELP}.`),
  parse: async (f, { args }) => {
    const id = args[0] as string;
    // The argument is not echoed: a token pasted by mistake would land in the terminal's scrollback.
    if (!/^[0-9a-f]{12}$/i.test(id)) {
      throw new UsageError('not a token id: ids are 12 hex digits', { hint: 'see ccp server token list' });
    }
    return { dbPath: await serverDbPath(f), id };
  },
  run: runServerTokenRevoke,
});

export async function runServerTokenRevoke(opts: ServerTokenRevokeOptions, deps: ServerDeps): Promise<void> {
  const { openStore, revokeToken } = await import('../../../server/index.js');
  const store = await openStore(opts.dbPath, { create: false, ...dbTls(deps) });
  try {
    if (!(await revokeToken(store, opts.id))) {
      throw new UsageError(`no live token has the id ${opts.id}`, { hint: 'see ccp server token list' });
    }
  } finally {
    await store.close();
  }
  deps.io.note(`Revoked token ${opts.id.toLowerCase()}.`);
}

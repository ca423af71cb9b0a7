// `ccp server token list` and `revoke`: the embedded server's tokens by id, never the tokens themselves.
import type { Command } from 'commander';
import { isoTimestamp } from '../../domain/instant.js';
import { UsageError } from '../../kit/errors.js';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import { outputSpec, writeRecords } from '../../kit/output.js';
import type { View } from '../../output/index.js';
import { DB_HELP, serverDbPath } from './db.js';

/** One token as the list prints it. */
export interface TokenRow {
  id: string;
  organization: string;
  role: string;
  user: string | null;
  created: string;
  lastUsed: string | null;
}

const FIELDS = ['id', 'organization', 'role', 'user', 'created', 'lastUsed'] as const;
const TIMES = new Set<string>(['created', 'lastUsed']);

const VIEW: View = {
  columns: FIELDS.map((path) => ({
    path,
    type: TIMES.has(path) ? 'timestamp' : path === 'role' ? 'text' : 'id',
  })),
  // The user column goes first when the terminal is narrow: most tokens have none.
  table: FIELDS.map((path) => ({ path, priority: path === 'user' ? 2 : path === 'lastUsed' ? 1 : 0 })),
  hasPath: (path) => (FIELDS as readonly string[]).includes(path),
  columnsAt: (path) => [{ path, type: TIMES.has(path) ? 'timestamp' : 'text' }],
  name: 'id',
  noun: 'tokens',
};

export function registerServerTokenList(parent: Command, f: Factory): Command {
  return parent
    .command('list')
    .alias('ls')
    .description('List the live tokens: id, organization, role, user, created, last used (never the token)')
    .addHelpText(
      'after',
      `\n${DB_HELP}. Last use is written at most once a minute.\n${examples(
        'ccp server token list',
        'ccp server token list --db ./ccp.db -o json',
      )}`,
    )
    .action(async () => {
      const { openStore } = await import('../../server/index.js');
      const store = openStore(await serverDbPath(f));
      let rows: TokenRow[];
      try {
        rows = store.tokens.list().map((t) => ({
          id: t.id,
          organization: t.orgUuid,
          role: t.role,
          user: t.userUuid,
          created: isoTimestamp(t.createdOn),
          lastUsed: t.lastUsedOn === null ? null : isoTimestamp(t.lastUsedOn),
        }));
      } finally {
        store.close();
      }
      await writeRecords(f.io, await outputSpec(f, VIEW), VIEW, rows, 'No tokens.');
    });
}

export function registerServerTokenRevoke(parent: Command, f: Factory): Command {
  return parent
    .command('revoke')
    .description(
      'Revoke a token by its id (from `ccp server token list`): it gets 401 at once, in every process',
    )
    .argument('<id>', 'the id `ccp server token list` shows')
    .addHelpText('after', `\n${DB_HELP}.\n${examples('ccp server token revoke 3f9a1c2b7d4e')}`)
    .action(async (id: string) => {
      // The argument is not echoed: a token pasted by mistake would land in the terminal's scrollback.
      if (!/^[0-9a-f]{12}$/i.test(id)) {
        throw new UsageError('not a token id: ids are 12 hex digits', { hint: 'see ccp server token list' });
      }
      const { openStore, revokeToken } = await import('../../server/index.js');
      const store = openStore(await serverDbPath(f));
      try {
        if (!revokeToken(store, id)) {
          throw new UsageError(`no live token has the id ${id}`, { hint: 'see ccp server token list' });
        }
      } finally {
        store.close();
      }
      f.io.note(`Revoked token ${id.toLowerCase()}.`);
    });
}

// `ccp server token list`: the embedded server's tokens by id, never the tokens themselves.
import { isoTimestamp } from '../../../domain/instant.js';
import { defineCommand } from '../../../kit/command.js';
import { type OutputSpec, outputSpec, writeRecords } from '../../../kit/printing.js';
import type { View } from '../../../output/index.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from '../db.js';

/** One token as the list prints it. */
export interface TokenRow {
  id: string;
  organization: string;
  role: string;
  user: string | null;
  created: string;
  lastUsed: string | null;
}

export interface ServerTokenListOptions {
  dbPath: string;
  output: OutputSpec;
}

const FIELDS = ['id', 'organization', 'role', 'user', 'created', 'lastUsed'] as const;
const TIMES = new Set<string>(['created', 'lastUsed']);

// Written out, not mapped from FIELDS: the module loads with the command tree, into every command.
const VIEW: View = {
  columns: [
    { path: 'id', type: 'id' },
    { path: 'organization', type: 'id' },
    { path: 'role', type: 'text' },
    { path: 'user', type: 'id' },
    { path: 'created', type: 'timestamp' },
    { path: 'lastUsed', type: 'timestamp' },
  ],
  // The user column goes first when the terminal is narrow: most tokens have none.
  table: [
    { path: 'id', priority: 0 },
    { path: 'organization', priority: 0 },
    { path: 'role', priority: 0 },
    { path: 'user', priority: 2 },
    { path: 'created', priority: 0 },
    { path: 'lastUsed', priority: 1 },
  ],
  hasPath: (path) => (FIELDS as readonly string[]).includes(path),
  columnsAt: (path) => [{ path, type: TIMES.has(path) ? 'timestamp' : 'text' }],
  name: 'id',
  noun: 'tokens',
};

export const serverTokenList = defineCommand<ServerTokenListOptions>({
  name: 'list',
  aliases: ['ls'],
  description: 'List the live tokens: id, organization, role, user, created, last used (never the token)',
  examples: ['ccp server token list', 'ccp server token list --db ./ccp.db -o json'],
  declare: (cmd) => cmd.addHelpText('after', `\n${DB_HELP}. Last use is written at most once a minute.`),
  parse: async (f) => ({ dbPath: await serverDbPath(f), output: await outputSpec(f, VIEW) }),
  run: runServerTokenList,
});

export async function runServerTokenList(opts: ServerTokenListOptions, deps: ServerDeps): Promise<void> {
  const { openStore, listTokens } = await import('../../../server/index.js');
  const store = await openStore(opts.dbPath, { create: false, ...dbTls(deps) });
  let rows: TokenRow[];
  try {
    rows = (await listTokens(store)).map((t) => ({
      id: t.id,
      organization: t.orgUuid,
      role: t.role,
      user: t.userUuid,
      created: isoTimestamp(t.createdOn),
      lastUsed: t.lastUsedOn === null ? null : isoTimestamp(t.lastUsedOn),
    }));
  } finally {
    await store.close();
  }
  await writeRecords(deps.io, opts.output, VIEW, rows, 'No tokens.');
}

import { Option } from 'commander';
import { ROLES, type Role } from '../../../domain/grants.js';
import { isUuid } from '../../../kit/args.js';
import { defineCommand } from '../../../kit/command.js';
import { UsageError } from '../../../kit/command-errors.js';
import type { Prompter } from '../../../kit/prompter.js';
import { DB_HELP, dbTls, type ServerDeps, serverDbPath } from '../db.js';

export interface ServerTokenCreateOptions {
  dbPath: string;
  orgUuid: string;
  role: Role;
  userUuid?: string;
}

export const serverTokenCreate = defineCommand<ServerTokenCreateOptions>({
  name: 'create',
  description: 'Create a bearer token for an organization; prints the token alone on stdout',
  examples: [
    'ccp server token create --org b58f93c5-e752-4a3d-b848-9e5dc516822b --role viewer',
    'export CCP_TOKEN="$(ccp server token create --org b58f93c5-e752-4a3d-b848-9e5dc516822b --role admin)"',
  ],
  declare: (cmd) =>
    cmd
      .addOption(new Option('--role <role>', 'what the token may do').choices(ROLES))
      .addHelpText(
        'after',
        `\n--org <uuid> (a global flag) names the token's organization, --user <uuid> its user.\n${DB_HELP}.`,
      ),
  parse: async (f, { flags }) => {
    const g = f.globals();
    const orgUuid = g.org ?? (await ask(f.prompter, 'Organization uuid', '--org'));
    if (!isUuid(orgUuid)) throw new UsageError('--org must be a uuid (8-4-4-4-12 hex digits)');
    if (g.user !== undefined && !isUuid(g.user))
      throw new UsageError('--user must be a uuid (8-4-4-4-12 hex digits)');
    const role =
      (flags.role as Role | undefined) ??
      (await f.prompter.select({ message: 'Role', flag: '--role', choices: ROLES }));
    return { dbPath: await serverDbPath(f), orgUuid, role, userUuid: g.user };
  },
  run: runServerTokenCreate,
});

function ask(prompter: Prompter, message: string, flag: string): Promise<string> {
  return prompter.input({ message, flag, validate: (v) => isUuid(v) || 'a uuid, 8-4-4-4-12 hex digits' });
}

export async function runServerTokenCreate(opts: ServerTokenCreateOptions, deps: ServerDeps): Promise<void> {
  const { openStore, createToken, rootOrganizations } = await import('../../../server/index.js');
  const store = await openStore(opts.dbPath, { create: false, ...dbTls(deps) });
  try {
    let token: string;
    try {
      token = await createToken(store, {
        orgUuid: opts.orgUuid.toLowerCase(),
        role: opts.role,
        ...(opts.userUuid ? { userUuid: opts.userUuid.toLowerCase() } : {}),
      });
    } catch (err) {
      const roots = (await rootOrganizations(store)).map((o) => o.uuid);
      throw new UsageError(`cannot create a token for ${opts.orgUuid}: ${(err as Error).message}`, {
        hint: roots.length
          ? `root organizations here: ${roots.join(', ')}`
          : 'the database holds no organization',
      });
    }
    deps.io.stdout.write(`${token}\n`);
  } finally {
    await store.close();
  }
}

import { existsSync } from 'node:fs';
import { Option } from 'commander';
import { isDatabaseUrl, shownLocation } from '../../domain/db-location.js';
import { shellQuote } from '../../domain/shell.js';
import { wholeNumber } from '../../kit/args.js';
import { defineCommand } from '../../kit/command.js';
import { UsageError } from '../../kit/command-errors.js';
import { dbTls, type ServerDeps, serverDbPath } from './db.js';

export interface ServerStartOptions {
  dbPath: string;
  host: string;
  port: number;
  /** Resolves when the server should stop; default: the first SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
  /** --db as the user typed it: the hints name the same database. */
  dbFlag?: string;
  /** Called once the server listens (tests learn the URL from it). */
  onListening?: (url: string) => void;
}

export const serverStart = defineCommand<ServerStartOptions>({
  name: 'start',
  description: 'Run the embedded server in the foreground until SIGINT or SIGTERM',
  examples: [
    'ccp server start',
    'ccp server start --port 9090 --db ./ccp.db',
    '# then, in another terminal',
    'ccp --base-url http://127.0.0.1:8080 --token "$(ccp server token create --org <uuid> --role admin)" edgedevice list',
  ],
  declare: (cmd) =>
    cmd
      .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
      .addOption(
        new Option('--port <port>', 'port to listen on; 0 picks a free one')
          .default(8080)
          .argParser(wholeNumber(0, 65535)),
      ),
  parse: async (f, { flags }) => ({
    dbPath: await serverDbPath(f),
    dbFlag: f.globals().db,
    host: flags.host as string,
    port: flags.port as number,
  }),
  run: runServerStart,
});

function signals(): { promise: Promise<string>; dispose: () => void } {
  let dispose = () => {};
  const promise = new Promise<string>((resolve) => {
    const on = (sig: string) => () => resolve(sig);
    const int = on('SIGINT');
    const term = on('SIGTERM');
    process.once('SIGINT', int);
    process.once('SIGTERM', term);
    dispose = () => {
      process.off('SIGINT', int);
      process.off('SIGTERM', term);
    };
  });
  return { promise, dispose };
}

/** A port in use or not allowed is the user's to change: a usage error saying so, not an internal one. */
function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE')
    return new UsageError(`cannot listen on ${where}: the address is already in use`, {
      hint: 'choose another port with --port (0 picks a free one)',
    });
  if (code === 'EACCES')
    return new UsageError(`cannot listen on ${where}: permission denied`, {
      hint: 'ports below 1024 need privileges; choose another with --port',
    });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UsageError(`cannot listen on ${where}: no such address on this machine`, {
      hint: 'pass --host 127.0.0.1, or an address of this machine',
    });
  return err;
}

export async function runServerStart(opts: ServerStartOptions, deps: ServerDeps): Promise<void> {
  const { startServer, openStore } = await import('../../server/index.js');
  const url = isDatabaseUrl(opts.dbPath);
  const isNew = !url && !existsSync(opts.dbPath);
  // Opened here rather than by startServer: a database's faults at start are the command's, before any listen.
  const store = await openStore(opts.dbPath, {
    serving: true,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...dbTls(deps),
  });
  const stop = opts.stopped ? { promise: opts.stopped, dispose: () => {} } : signals();
  try {
    const empty = isNew || (url && (await store.counts()).organizations === 0);
    const handle = await startServer({
      store,
      host: opts.host,
      port: opts.port,
      ...(deps.clock ? { clock: deps.clock } : {}),
      // decisions.md: a store failure, or any unexpected error, is never silent in the server's log.
      log: (line) => deps.io.stderr.write(`${line}\n`),
    }).catch((err: unknown) => {
      throw listenError(err, opts.host, opts.port);
    });
    deps.io.note(`ccp: serving ${store.describe()} at ${handle.url} (Ctrl-C to stop)`);
    // Without the --db they were given, the commands hinted at would work on the default database.
    const db = opts.dbFlag === undefined ? '' : ` --db ${shellQuote(shownLocation(opts.dbFlag))}`;
    if (empty)
      deps.io.note(
        `ccp: the database is new and empty: load data with \`ccp server seed --demo${db}\` or \`ccp server import FILE${db}\``,
      );
    deps.io.note(`ccp: create a token with \`ccp server token create${db} --org <uuid> --role admin\``);
    opts.onListening?.(handle.url);
    const why = await stop.promise;
    deps.io.note(`ccp: ${typeof why === 'string' ? why : 'stop'}: draining requests and closing`);
    await handle.close();
  } finally {
    await store.close();
    stop.dispose();
  }
}

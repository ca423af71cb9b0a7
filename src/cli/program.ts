import { type Command, Option } from 'commander';
import { registerCommands } from '../commands/index.js';
import { DEFAULT_PARALLEL, MAX_PARALLEL, TIMESTAMP_STYLES } from '../config/settings.js';
import { ownWording } from '../kit/args.js';
import { createFactory, type Factory } from '../kit/factory.js';
import { examples } from '../kit/help.js';
import { fillVerbs } from '../kit/verbs.js';
import { cliVersion } from '../kit/version.js';
import { fitText } from '../output/fit.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import { completionCommand } from './completion/command.js';
import { formatHelp, helpCommand, RootCommand, visibleCommands } from './root-help.js';
import { systemIO } from './system-io.js';

/**
 * The whole command tree. Registering commands imports no heavy module (undici, zod, the server...):
 * each action loads what it needs, so `--help`, `--version` and the completion generator stay fast.
 */
export function buildProgram(given?: Factory): Command {
  const program = new RootCommand('ccp');
  const f = given ?? createFactory({ io: systemIO(), flags: () => program.opts() });
  program
    .description('Administer edge devices, organizations, codes, licenses and notifications')
    .version(cliVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    // Our own `help` command (root-help.ts) takes any command path.
    .helpCommand(false)
    .addOption(
      new Option('--base-url <url>', 'service address (env CCP_BASE_URL); none: the embedded local server'),
    )
    .addOption(
      new Option('--token <token>', "token (env CCP_TOKEN); '-' reads it from stdin, out of shell history"),
    )
    .addOption(
      new Option(
        '--auth-scheme <scheme>',
        'how the token is sent: bearer, basic (user:password) or header:NAME (env CCP_AUTH_SCHEME)',
      ),
    )
    .addOption(
      new Option(
        '-H, --header <header>',
        "'Name: value' added to every request (repeatable; profile key headers)",
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(
      new Option(
        '--ca-file <path>',
        "PEM certificate authorities trusted besides the runtime's (env CCP_CA_FILE)",
      ),
    )
    .addOption(
      new Option('--client-cert <path>', 'PEM client certificate for mutual TLS (env CCP_CLIENT_CERT)'),
    )
    .addOption(
      new Option('--client-key <path>', "the client certificate's PEM private key (env CCP_CLIENT_KEY)"),
    )
    .addOption(new Option('--insecure', "skip verification of the service's TLS certificate (warns)"))
    .addOption(new Option('--profile <name>', 'configuration profile (env CCP_PROFILE)'))
    .addOption(new Option('--time-zone <zone>', 'IANA time zone sent as time_zone (env CCP_TIME_ZONE)'))
    .addOption(new Option('--org <uuid>', 'organization uuid for request metadata'))
    .addOption(new Option('--user <uuid>', 'user uuid for request metadata'))
    .addOption(new Option('--db <path>', 'local database of the embedded server (env CCP_DB)'))
    .addOption(
      new Option(
        '-o, --output <format>',
        'output format; name prints one uuid a line (default: table on a terminal, json otherwise)',
      ).choices(OUTPUT_FORMATS),
    )
    .addOption(new Option('--json', 'same as --output json'))
    .addOption(
      new Option(
        '--fields <list>',
        'comma-separated fields to keep, in every format; dot paths reach nested ones',
      ),
    )
    .addOption(
      new Option(
        '--query <expr>',
        'JMESPath expression: applied to the whole array (json, yaml) or to each record (ndjson)',
      ),
    )
    .addOption(new Option('--no-headers', 'no header row in table and csv output'))
    .addOption(
      new Option(
        '--csv-raw',
        "csv cells as they are, without the ' before a formula character (env CCP_CSV_RAW)",
      ),
    )
    .addOption(new Option('--no-pager', 'never page long output on a terminal (CCP_PAGER, PAGER, less -FRX)'))
    .addOption(new Option('--no-color', 'no colour (NO_COLOR is honoured too)'))
    .addOption(
      new Option('--verbose', 'trace each HTTP exchange on stderr (token and secret headers redacted)'),
    )
    .addOption(new Option('-q, --quiet', 'no notes, progress or spinner on stderr (errors still print)'))
    .addOption(
      new Option(
        '--timeout <duration>',
        'per-request timeout: 500ms, 30s, 2m or a number of seconds (default 30s)',
      ),
    )
    .addOption(
      new Option(
        '--timestamps <style>',
        'timestamps in json, ndjson, yaml and csv: as the service sent them, or iso (ISO 8601 UTC) (env CCP_TIMESTAMPS)',
      ).choices(TIMESTAMP_STYLES),
    )
    .addOption(
      new Option(
        '--parallel <n>',
        `page requests in flight when walking a remote listing whose length is known (default ${DEFAULT_PARALLEL}; 1 to ${MAX_PARALLEL})`,
      ),
    )
    .addOption(new Option('--no-input', 'never prompt; fail with a usage error instead'))
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ formatHelp, visibleCommands })
    .exitOverride()
    .configureOutput({
      // Help (and every text commander prints) fitted at word boundaries: 80 columns into a pipe.
      writeOut: (s) => f.io.stdout.write(fitText(s, f.io.terminalWidth())),
      // An unknown option or value is quoted back as typed: escaped on a terminal.
      writeErr: (s) => f.io.writeErr(s),
      // Asked of our IO, not of process.stdout, which `--help` then never makes.
      getOutHelpWidth: () => f.io.terminalWidth(),
      getOutHasColors: () => f.io.colorEnabled(),
      outputError: (s, write) => write(ownWording(s).replace(/^error: /, 'ccp: ')),
    })
    .addHelpText(
      'after',
      examples(
        'ccp edgedevice list',
        'ccp edgedevice list --all -o ndjson > devices.ndjson',
        'ccp code get 19d70c8a-defd-4f15-a63c-32613821c3f8 --json',
        '# against a remote service',
        'ccp login',
        'ccp --base-url https://ccp.example.com --ca-file corp-ca.pem codetype list',
        'ccp status',
      ),
    );
  program.hook('preAction', () => {
    const g = f.globals();
    f.io.setColor(g.color !== false);
    f.io.setNoInput(g.input === false);
    f.io.setQuiet(g.quiet === true);
  });
  // A group's verbs, or a command's flags, are added as it is dispatched to (src/kit/verbs.ts).
  program.hook('preSubcommand', (_root, group) => fillVerbs(group));
  registerCommands(program, f);
  // About the program itself, as help is: it reads the whole command tree.
  completionCommand.register(program, f);
  helpCommand.register(program, f);
  return program;
}

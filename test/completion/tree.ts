import { Command, Option } from 'commander';

/** A small tree shaped like the real program: global flags on the root, nested resources, aliases. */
export function sampleTree(): Command {
  const root = new Command('ccp')
    .version('0.0.0', '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .option('--base-url <url>', 'service address')
    .option('--profile <name>', 'configuration profile')
    .addOption(
      new Option('-o, --output <format>', 'output format').choices([
        'table',
        'json',
        'ndjson',
        'csv',
        'yaml',
      ]),
    )
    .option('--json', 'same as --output json')
    .option('--fields <list>', 'fields to keep')
    .option('--no-color', "no colour (it's honoured)");
  const edge = root.command('edgedevice').alias('ed').description('edge devices');
  edge
    .command('list')
    .description('list edge devices')
    .option('--all', 'every page')
    .option('--page-size <n>', 'size');
  edge.command('add').description('add one').option('-f, --file <path>', 'input file');
  const report = root.command('report').description('reports');
  report
    .command('download')
    .description('download a report')
    .option('--template <key>', 'template')
    .option('--type <type>', 'file type')
    .option('-O, --output-file <path>', 'where to write');
  const config = root.command('config').description('configuration');
  config.command('get').argument('<key>').description('print a value');
  config.command('use').argument('<profile>').description('switch profile');
  root.command('completion').argument('<shell>').description('print a completion script');
  root.command('server').command('import').argument('<file>').description('import a fixture');
  return root;
}

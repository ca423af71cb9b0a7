import { type Command, Option } from 'commander';
import { uuidArg } from '../../cli/args.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { addDryRunFlag, type WriteFlags } from '../../cli/write/flags.js';
import { requireUuidArgument } from '../../cli/write/prompts.js';
import { writeDeps, writeOutput } from '../../cli/write/send.js';
import type { LicenseAction } from '../../domain/license.js';
import { runLicenseAction } from './run.js';

/** `ccp license activate|deactivate <uuid>`: the two verbs differ only in the action they send. */
export function registerLicenseVerb(parent: Command, f: Factory, action: LicenseAction): Command {
  const cmd = parent
    .command(action)
    .description(
      `${action[0]!.toUpperCase()}${action.slice(1)} a license (PUT /license/{uuid}/${action}); idempotent`,
    )
    .argument('[uuid]', 'the license record uuid (asked for on a terminal when missing)', uuidArg);
  const example = `ccp license ${action} 6b378954-d2f4-4c68-94a3-32cdd2d30cc8`;
  if (action === 'deactivate') {
    cmd.addOption(
      new Option('-y, --yes', 'deactivate without asking (a terminal asks first; a script never does)'),
    );
  }
  return addDryRunFlag(cmd)
    .addHelpText('after', examples(example, `${example} --json`, `${example} --dry-run`))
    .action(async (given: string | undefined, flags: WriteFlags & { yes?: boolean }) => {
      const uuid = await requireUuidArgument(f.prompter, given, '<uuid>', 'License uuid');
      const output = await writeOutput(f, flags, 'license');
      if (action === 'deactivate' && !flags.dryRun && !flags.yes && f.io.canPrompt()) {
        const go = await f.prompter.confirm({
          message: `Deactivate license ${uuid}?`,
          flag: '--yes',
          default: false,
        });
        if (!go) {
          f.io.note('Not deactivated: nothing was sent.');
          return;
        }
      }
      await runLicenseAction({ uuid, action, ...output }, writeDeps(f));
    });
}

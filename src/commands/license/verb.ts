import { type Command, Option } from 'commander';
import type { LicenseAction } from '../../domain/license.js';
import { uuidArg } from '../../kit/args.js';
import type { Factory } from '../../kit/factory.js';
import { examples } from '../../kit/help.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { requireUuidArgument } from '../../kit/write/prompts.js';
import { writeDeps, writeOutput } from '../../kit/write/send.js';
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

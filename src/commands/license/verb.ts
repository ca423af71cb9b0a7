import { Option } from 'commander';
import type { LicenseAction } from '../../domain/license.js';
import { uuidArg } from '../../kit/args.js';
import type { CommandSpec } from '../../kit/command.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { requireUuidArgument } from '../../kit/write/prompts.js';
import { writeOutput } from '../../kit/write/send.js';
import type { LicenseActionOptions } from './run.js';

/** What `license activate` and `license deactivate` take: the action is the verb's own. */
export type LicenseVerbOptions = Omit<LicenseActionOptions, 'action'>;

/**
 * `ccp license activate|deactivate <uuid>`, all but the run: the two verbs differ only in the action they
 * send, and deactivate asks first on a terminal.
 */
export function licenseVerb(action: LicenseAction): Omit<CommandSpec<LicenseVerbOptions>, 'run'> {
  const example = `ccp license ${action} 6b378954-d2f4-4c68-94a3-32cdd2d30cc8`;
  return {
    name: action,
    description: `${action[0]!.toUpperCase()}${action.slice(1)} a license (PUT /license/{uuid}/${action}); idempotent`,
    examples: [example, `${example} --json`, `${example} --dry-run`],
    declare: (cmd) => {
      cmd.argument('[uuid]', 'the license record uuid (asked for on a terminal when missing)', uuidArg);
      if (action === 'deactivate') {
        cmd.addOption(
          new Option('-y, --yes', 'deactivate without asking (a terminal asks first; a script never does)'),
        );
      }
      addDryRunFlag(cmd);
    },
    parse: async (f, { args, flags: typed }) => {
      const flags = typed as WriteFlags & { yes?: boolean };
      const uuid = await requireUuidArgument(
        f.prompter,
        args[0] as string | undefined,
        '<uuid>',
        'License uuid',
      );
      const output = await writeOutput(f, flags, 'license');
      if (action === 'deactivate' && !flags.dryRun && !flags.yes && f.io.canPrompt()) {
        const go = await f.prompter.confirm({
          message: `Deactivate license ${uuid}?`,
          flag: '--yes',
          default: false,
        });
        if (!go) {
          f.io.note('Not deactivated: nothing was sent.');
          return undefined;
        }
      }
      return { uuid, ...output };
    },
  };
}

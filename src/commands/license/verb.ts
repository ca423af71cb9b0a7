import { Option } from 'commander';
import type { LicenseAction } from '../../domain/license.js';
import type { CommandSpec } from '../../kit/command.js';
import { addDryRunFlag, type WriteFlags } from '../../kit/write/flags.js';
import { writeOutput } from '../../kit/write/send.js';
import { requireLicenseKey } from './pick.js';
import type { LicenseActionOptions } from './run.js';

/** What `license activate` and `license deactivate` take: the action is the verb's own. */
export type LicenseVerbOptions = Omit<LicenseActionOptions, 'action'>;

/**
 * `ccp license activate|deactivate <key|uuid>`, all but the run: the two verbs differ only in the action
 * they send and in what they ask first on a terminal (deactivate always; activate when the term has ended).
 */
export function licenseVerb(action: LicenseAction): Omit<CommandSpec<LicenseVerbOptions>, 'run'> {
  const example = `ccp license ${action}`;
  return {
    name: action,
    description: `${action[0]!.toUpperCase()}${action.slice(1)} a license by its key, serial number or uuid (PUT /license/{uuid}/${action}); says when it already is ${action === 'activate' ? 'active' : 'inactive'}`,
    examples: [
      `${example} LIC-2024-007`,
      `${example} 6b378954-d2f4-4c68-94a3-32cdd2d30cc8 --json`,
      `${example} LIC-2024-007 --dry-run`,
    ],
    declare: (cmd) => {
      cmd.argument(
        '[key|uuid]',
        'the license key, serial number or uuid (asked for on a terminal when missing)',
      );
      cmd.addOption(
        new Option(
          '-y, --yes',
          action === 'deactivate'
            ? 'deactivate without asking (a terminal asks first; a script never does)'
            : 'activate a license whose term has ended without asking (a terminal asks first; a script warns and goes on)',
        ),
      );
      addDryRunFlag(cmd);
    },
    parse: async (f, { args, flags: typed }) => {
      const flags = typed as WriteFlags & { yes?: boolean };
      const key = await requireLicenseKey(f, args[0] as string | undefined);
      return { key, yes: flags.yes === true, ...(await writeOutput(f, flags, 'license')) };
    },
  };
}

import type { Command } from 'commander';
import { uuidArg } from '../../cli/args.js';
import type { Factory } from '../../cli/factory.js';
import { outputSpec } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import { addDryRunFlag, type WriteFlags, writeContext } from '../../cli/write-helpers.js';
import { type LicenseActionOptions, runLicenseAction } from './run.js';

export type LicenseDeactivateOptions = Omit<LicenseActionOptions, 'action'>;

export function registerLicenseDeactivate(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('deactivate')
    .description('Deactivate a license (PUT /license/{uuid}/deactivate); idempotent')
    .argument('<uuid>', 'the license record uuid', uuidArg);
  return addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp license deactivate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        'ccp license deactivate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --json',
        'ccp license deactivate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --dry-run',
      ),
    )
    .action(async (uuid: string, flags: WriteFlags) => {
      await runLicenseDeactivate({ ...writeContext(f, flags), output: await outputSpec(f, 'license'), uuid });
    });
}

export async function runLicenseDeactivate(opts: LicenseDeactivateOptions): Promise<void> {
  await runLicenseAction({ ...opts, action: 'deactivate' });
}

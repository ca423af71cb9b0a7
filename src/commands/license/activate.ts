import type { Command } from 'commander';
import { uuidArg } from '../../cli/args.js';
import type { Factory } from '../../cli/factory.js';
import { outputSpec } from '../../cli/output.js';
import { examples } from '../../cli/program.js';
import { addDryRunFlag, type WriteFlags, writeContext } from '../../cli/write-helpers.js';
import { type LicenseActionOptions, runLicenseAction } from './run.js';

export type LicenseActivateOptions = Omit<LicenseActionOptions, 'action'>;

export function registerLicenseActivate(parent: Command, f: Factory): Command {
  const cmd = parent
    .command('activate')
    .description('Activate a license (PUT /license/{uuid}/activate); idempotent')
    .argument('<uuid>', 'the license record uuid', uuidArg);
  return addDryRunFlag(cmd)
    .addHelpText(
      'after',
      examples(
        'ccp license activate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        'ccp license activate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --json',
        'ccp license activate 9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d --dry-run',
      ),
    )
    .action(async (uuid: string, flags: WriteFlags) => {
      await runLicenseActivate({ ...writeContext(f, flags), output: await outputSpec(f, 'license'), uuid });
    });
}

export async function runLicenseActivate(opts: LicenseActivateOptions): Promise<void> {
  await runLicenseAction({ ...opts, action: 'activate' });
}

import { defineCommand } from '../../kit/command.js';
import { type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { runLicenseAction } from './run.js';
import { type LicenseVerbOptions, licenseVerb } from './verb.js';

export type LicenseDeactivateOptions = LicenseVerbOptions;

export const licenseDeactivate = defineCommand<LicenseDeactivateOptions>({
  ...licenseVerb('deactivate'),
  run: (opts, f) => runLicenseDeactivate(opts, writeDeps(f)),
});

export async function runLicenseDeactivate(opts: LicenseDeactivateOptions, deps: WriteDeps): Promise<void> {
  await runLicenseAction({ ...opts, action: 'deactivate' }, deps);
}

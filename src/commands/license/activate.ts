import { defineCommand } from '../../kit/command.js';
import { type WriteDeps, writeDeps } from '../../kit/write/send.js';
import { runLicenseAction } from './run.js';
import { type LicenseVerbOptions, licenseVerb } from './verb.js';

export type LicenseActivateOptions = LicenseVerbOptions;

export const licenseActivate = defineCommand<LicenseActivateOptions>({
  ...licenseVerb('activate'),
  run: (opts, f) => runLicenseActivate(opts, writeDeps(f)),
});

export async function runLicenseActivate(opts: LicenseActivateOptions, deps: WriteDeps): Promise<void> {
  await runLicenseAction({ ...opts, action: 'activate' }, deps);
}

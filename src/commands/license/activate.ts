import { defineCommand } from '../../kit/command.js';
import { writeDeps } from '../../kit/write/send.js';
import { type LicenseActionDeps, runLicenseAction } from './run.js';
import { type LicenseVerbOptions, licenseVerb } from './verb.js';

export type LicenseActivateOptions = LicenseVerbOptions;

export const licenseActivate = defineCommand<LicenseActivateOptions>({
  ...licenseVerb('activate'),
  run: (opts, f) =>
    runLicenseActivate(opts, {
      ...writeDeps(f),
      // Read when a question is asked: the factory makes its prompter then.
      get prompter() {
        return f.prompter;
      },
      now: () => f.clock.now(),
      twin: () => f.lookup(),
    }),
});

export async function runLicenseActivate(
  opts: LicenseActivateOptions,
  deps: LicenseActionDeps,
): Promise<void> {
  await runLicenseAction({ ...opts, action: 'activate' }, deps);
}

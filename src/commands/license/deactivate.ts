import { defineCommand } from '../../kit/command.js';
import { writeDeps } from '../../kit/write/send.js';
import { type LicenseActionDeps, runLicenseAction } from './run.js';
import { type LicenseVerbOptions, licenseVerb } from './verb.js';

export type LicenseDeactivateOptions = LicenseVerbOptions;

export const licenseDeactivate = defineCommand<LicenseDeactivateOptions>({
  ...licenseVerb('deactivate'),
  run: (opts, f) =>
    runLicenseDeactivate(opts, {
      ...writeDeps(f),
      // Read when a question is asked: the factory makes its prompter then.
      get prompter() {
        return f.prompter;
      },
      now: () => f.clock.now(),
      twin: () => f.lookup(),
    }),
});

export async function runLicenseDeactivate(
  opts: LicenseDeactivateOptions,
  deps: LicenseActionDeps,
): Promise<void> {
  await runLicenseAction({ ...opts, action: 'deactivate' }, deps);
}

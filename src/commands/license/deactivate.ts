import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import type { WriteDeps } from '../../kit/write/send.js';
import { type LicenseActionOptions, runLicenseAction } from './run.js';
import { registerLicenseVerb } from './verb.js';

export type LicenseDeactivateOptions = Omit<LicenseActionOptions, 'action'>;

export function registerLicenseDeactivate(parent: Command, f: Factory): Command {
  return registerLicenseVerb(parent, f, 'deactivate');
}

export async function runLicenseDeactivate(opts: LicenseDeactivateOptions, deps: WriteDeps): Promise<void> {
  await runLicenseAction({ ...opts, action: 'deactivate' }, deps);
}

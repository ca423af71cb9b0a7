import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import type { WriteDeps } from '../../kit/write/send.js';
import { type LicenseActionOptions, runLicenseAction } from './run.js';
import { registerLicenseVerb } from './verb.js';

export type LicenseActivateOptions = Omit<LicenseActionOptions, 'action'>;

export function registerLicenseActivate(parent: Command, f: Factory): Command {
  return registerLicenseVerb(parent, f, 'activate');
}

export async function runLicenseActivate(opts: LicenseActivateOptions, deps: WriteDeps): Promise<void> {
  await runLicenseAction({ ...opts, action: 'activate' }, deps);
}

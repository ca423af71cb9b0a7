import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerLicenseActivate } from './activate.js';
import { registerLicenseDeactivate } from './deactivate.js';

export function registerLicense(program: Command, f: Factory): Command {
  const group = program.command('license').description('Licenses: activate, deactivate');
  return deferVerbs(group, () => {
    registerLicenseActivate(group, f);
    registerLicenseDeactivate(group, f);
  });
}

import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerLicenseActivate } from './activate.js';
import { registerLicenseDeactivate } from './deactivate.js';

export function registerLicense(program: Command, f: Factory): Command {
  const group = program.command('license').description('Licenses: activate, deactivate');
  registerLicenseActivate(group, f);
  registerLicenseDeactivate(group, f);
  return group;
}

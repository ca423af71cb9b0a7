import type { Command } from 'commander';
import type { Factory } from '../kit/factory.js';
import { apiRequest } from './api/request.js';
import { codeGroup } from './code/index.js';
import { codeTypeGroup } from './codetype/index.js';
import { configGroup } from './config/index.js';
import { edgeDeviceGroup } from './edgedevice/index.js';
import { licenseGroup } from './license/index.js';
import { notifyGroup } from './notify/index.js';
import { orgGroup } from './org/index.js';
import { reportGroup } from './report/index.js';
import { rootLogin } from './root/login.js';
import { rootLogout } from './root/logout.js';
import { rootStatus } from './root/status.js';
import { serverGroup } from './server/index.js';

/** Every command, in the order `ccp --help` lists them; each group's index.ts assembles its verbs. */
export function registerCommands(program: Command, f: Factory): void {
  licenseGroup.register(program, f);
  codeGroup.register(program, f);
  codeTypeGroup.register(program, f);
  edgeDeviceGroup.register(program, f);
  orgGroup.register(program, f);
  notifyGroup.register(program, f);
  reportGroup.register(program, f);
  apiRequest.register(program, f);
  rootLogin.register(program, f);
  rootLogout.register(program, f);
  rootStatus.register(program, f);
  serverGroup.register(program, f);
  configGroup.register(program, f);
}

import type { Command } from 'commander';
import type { Factory } from '../kit/factory.js';
import { apiRequest } from './api/request.js';
import { codeGroup } from './code/index.js';
import { codeTypeGroup } from './codetype/index.js';
import { configGroup } from './config/index.js';
import { edgeDeviceGroup } from './edgedevice/index.js';
import { registerLicense } from './license/index.js';
import { registerNotify } from './notify/index.js';
import { registerOrg } from './org/index.js';
import { registerReport } from './report/index.js';
import { rootLogin } from './root/login.js';
import { rootLogout } from './root/logout.js';
import { rootStatus } from './root/status.js';
import { serverGroup } from './server/index.js';

/** Every command group; each index.ts assembles its verbs. */
export function registerCommands(program: Command, f: Factory): void {
  registerLicense(program, f);
  codeGroup.register(program, f);
  codeTypeGroup.register(program, f);
  edgeDeviceGroup.register(program, f);
  registerOrg(program, f);
  registerNotify(program, f);
  registerReport(program, f);
  apiRequest.register(program, f);
  rootLogin.register(program, f);
  rootLogout.register(program, f);
  rootStatus.register(program, f);
  serverGroup.register(program, f);
  configGroup.register(program, f);
}

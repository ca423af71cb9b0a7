import type { Command } from 'commander';
import type { Factory } from '../kit/factory.js';
import { apiRequest } from './api/request.js';
import { registerCode } from './code/index.js';
import { codeTypeGroup } from './codetype/index.js';
import { configGroup } from './config/index.js';
import { registerEdgeDevice } from './edgedevice/index.js';
import { registerLicense } from './license/index.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';
import { registerNotify } from './notify/index.js';
import { registerOrg } from './org/index.js';
import { registerReport } from './report/index.js';
import { serverGroup } from './server/index.js';
import { registerStatus } from './status.js';

/** Every command group; each index.ts assembles its verbs. */
export function registerCommands(program: Command, f: Factory): void {
  registerLicense(program, f);
  registerCode(program, f);
  codeTypeGroup.register(program, f);
  registerEdgeDevice(program, f);
  registerOrg(program, f);
  registerNotify(program, f);
  registerReport(program, f);
  apiRequest.register(program, f);
  registerLogin(program, f);
  registerLogout(program, f);
  registerStatus(program, f);
  serverGroup.register(program, f);
  configGroup.register(program, f);
}

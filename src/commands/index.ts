import type { Command } from 'commander';
import type { Factory } from '../kit/factory.js';
import { registerApi } from './api/index.js';
import { registerCode } from './code/index.js';
import { codeTypeGroup } from './codetype/index.js';
import { registerConfig } from './config/index.js';
import { registerEdgeDevice } from './edgedevice/index.js';
import { licenseGroup } from './license/index.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';
import { notifyGroup } from './notify/index.js';
import { orgGroup } from './org/index.js';
import { reportGroup } from './report/index.js';
import { registerServer } from './server/index.js';
import { registerStatus } from './status.js';

/** Every command group; each index.ts assembles its verbs. */
export function registerCommands(program: Command, f: Factory): void {
  licenseGroup.register(program, f);
  registerCode(program, f);
  codeTypeGroup.register(program, f);
  registerEdgeDevice(program, f);
  orgGroup.register(program, f);
  notifyGroup.register(program, f);
  reportGroup.register(program, f);
  registerApi(program, f);
  registerLogin(program, f);
  registerLogout(program, f);
  registerStatus(program, f);
  registerServer(program, f);
  registerConfig(program, f);
}

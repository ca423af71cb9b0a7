import type { Command } from 'commander';
import type { Registrable } from '../kit/command.js';
import type { Factory } from '../kit/factory.js';
import { apiRequest } from './api/request.js';
import { codeGroup } from './code/index.js';
import { codeTypeGroup } from './codetype/index.js';
import { configGroup } from './config/index.js';
import { connectionLogin } from './connection/login.js';
import { connectionLogout } from './connection/logout.js';
import { connectionStatus } from './connection/status.js';
import { edgeDeviceGroup } from './edgedevice/index.js';
import { licenseGroup } from './license/index.js';
import { notifyGroup } from './notify/index.js';
import { orgGroup } from './org/index.js';
import { reportGroup } from './report/index.js';
import { serverGroup } from './server/index.js';

/** Every command, in the order `ccp --help` lists them; each group's index.ts assembles its verbs. */
const COMMANDS: readonly Registrable[] = [
  licenseGroup,
  codeGroup,
  codeTypeGroup,
  edgeDeviceGroup,
  orgGroup,
  notifyGroup,
  reportGroup,
  apiRequest,
  connectionLogin,
  connectionLogout,
  connectionStatus,
  serverGroup,
  configGroup,
];

export function registerCommands(program: Command, f: Factory): void {
  for (const command of COMMANDS) command.register(program, f);
}

import type { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { registerEdgeDeviceAdd } from './add.js';
import { registerEdgeDeviceApply } from './apply.js';
import { registerEdgeDeviceList } from './list.js';
import { registerEdgeDevicePush } from './push.js';

export function registerEdgeDevice(program: Command, f: Factory): Command {
  const group = program
    .command('edgedevice')
    .alias('device')
    .description('Edge devices: list, add, push flows');
  registerEdgeDeviceList(group, f);
  registerEdgeDeviceAdd(group, f);
  registerEdgeDevicePush(group, f);
  registerEdgeDeviceApply(group, f);
  return group;
}

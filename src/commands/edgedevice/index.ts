import type { Command } from 'commander';
import type { Factory } from '../../kit/factory.js';
import { deferVerbs } from '../../kit/verbs.js';
import { registerEdgeDeviceAdd } from './add.js';
import { registerEdgeDeviceApply } from './apply.js';
import { registerEdgeDeviceGet } from './get.js';
import { registerEdgeDeviceList } from './list.js';
import { registerEdgeDevicePush } from './push.js';

export function registerEdgeDevice(program: Command, f: Factory): Command {
  const group = program
    .command('edgedevice')
    .alias('device')
    .description('Edge devices: list, get, add, push flows, apply');
  return deferVerbs(group, () => {
    registerEdgeDeviceList(group, f);
    registerEdgeDeviceGet(group, f);
    registerEdgeDeviceAdd(group, f);
    registerEdgeDevicePush(group, f);
    registerEdgeDeviceApply(group, f);
  });
}

import { defineGroup } from '../../kit/command.js';
import { edgeDeviceAdd } from './add.js';
import { edgeDeviceApply } from './apply.js';
import { edgeDeviceGet } from './get.js';
import { edgeDeviceList } from './list.js';
import { edgeDevicePush } from './push.js';

export const edgeDeviceGroup = defineGroup({
  name: 'edgedevice',
  aliases: ['device'],
  description: 'Edge devices: list, get, add, push flows, apply',
  verbs: [edgeDeviceList, edgeDeviceGet, edgeDeviceAdd, edgeDevicePush, edgeDeviceApply],
});

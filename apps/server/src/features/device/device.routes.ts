import { calls } from '@guard-tour/contract';
import { routesOf } from '../../http/calls.js';
import * as imports from './device-import.service.js';
import * as devices from './device.service.js';

export const deviceRoutes = routesOf(calls.device, (ctx) => ({
  listDevices: ({ scope, input }) => devices.listDevices(ctx, scope, input),
  saveDevice: ({ scope, input }) => devices.saveDevice(ctx, scope, input),
  deviceDetail: ({ scope, input }) => devices.deviceDetail(ctx, scope, input.objectId),
  removeDevices: ({ scope, input }) => devices.removeDevices(ctx, scope, input.object_ids),
  importSnList: ({ scope, input }) => imports.importSnList(ctx, scope, input),
  importExcel: ({ scope, input }) => imports.importExcel(ctx, scope, input),
  allocateDevices: ({ scope, input }) => devices.allocateDevices(ctx, scope, input),
  deviceOptions: ({ scope, input }) => devices.deviceOptions(ctx, scope, input),
}));

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allocateDeviceInput,
  deviceDetailQuery,
  deviceListInput,
  deviceOptionsQuery,
  importExcelInput,
  importSnListInput,
  removeDeviceInput,
  saveDeviceInput,
} from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { scopeOf } from '../../http/scope.js';
import * as imports from './device-import.service.js';
import * as devices from './device.service.js';

const tags = ['设备'];

export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/DeviceInfo/SearchDeviceList',
    { schema: { tags, summary: '设备列表', body: deviceListInput } },
    async (request) => {
      const page = await devices.listDevices(ctx, scopeOf(ctx, request), request.body);
      return ok(page.rows, page.total);
    },
  );

  app.post(
    '/DeviceInfo/SaveDeviceInfo',
    { schema: { tags, summary: '新增或修改设备', body: saveDeviceInput } },
    async (request) => ok(await devices.saveDevice(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.get(
    '/DeviceInfo/Detail',
    { schema: { tags, summary: '设备详情', querystring: deviceDetailQuery } },
    async (request) => ok(await devices.deviceDetail(ctx, scopeOf(ctx, request), request.query.objectId)),
  );

  app.post(
    '/DeviceInfo/RemoveDevice',
    { schema: { tags, summary: '删除设备', body: removeDeviceInput } },
    async (request) => {
      await devices.removeDevices(ctx, scopeOf(ctx, request), request.body.object_ids, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/DeviceInfo/ImportDeviceBySNList',
    { schema: { tags, summary: '按SN列表导入设备', body: importSnListInput } },
    async (request) => ok(await imports.importSnList(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.post(
    '/DeviceInfo/ImportDeviceByExcel',
    { schema: { tags, summary: '从上传的表格导入设备', body: importExcelInput } },
    async (request) => ok(await imports.importExcel(ctx, scopeOf(ctx, request), request.body, request.ip)),
  );

  app.post(
    '/DeviceInfo/AllocateDevice',
    { schema: { tags, summary: '把设备分配到组织', body: allocateDeviceInput } },
    async (request) => {
      await devices.allocateDevices(ctx, scopeOf(ctx, request), request.body, request.ip);
      return ok(null);
    },
  );

  app.get(
    '/DeviceInfo/GetDeviceOptions',
    { schema: { tags, summary: '设备选项', querystring: deviceOptionsQuery } },
    async (request) => ok(await devices.deviceOptions(ctx, scopeOf(ctx, request), request.query)),
  );
};

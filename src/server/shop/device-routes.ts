import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceDetailSchema, DeviceListQuerySchema, DeviceListSchema, ORDER_MESSAGES } from '../../domain/orders.js';
import { AppError } from '../http/app-error.js';
import { IdParamsSchema } from '../http/id-params.js';
import { deviceDetail, listDevices } from './device-repository.js';

/** /api/admin/devices ('Perangkat'), behind the admin plugin's guard. */
export const deviceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/devices',
    { schema: { tags: ['admin'], querystring: DeviceListQuerySchema, response: { 200: DeviceListSchema } } },
    async (request) => listDevices(db, request.query),
  );

  app.get(
    '/devices/:id',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: DeviceDetailSchema } } },
    async (request) => {
      const device = await deviceDetail(db, request.params.id);
      if (!device) throw new AppError(404, 'DEVICE_NOT_FOUND', ORDER_MESSAGES.deviceNotFound);
      return device;
    },
  );
};

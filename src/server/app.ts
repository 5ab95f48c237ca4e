/**
 * buildApp({ db, config }) → the Fastify instance with every cross-cutting piece in place: zod type
 * provider, the one error handler, security headers, rate limiter, multipart, OpenAPI at /api/docs, the
 * SPA with its fallback, the idempotency hook and the request.auth seam. Resource routes plug in through
 * `route()` (src/server/route.ts) from src/server/routes/<resource>/.
 *
 * The instance is returned before `ready()`, so tests can add routes of their own; `listen()` or
 * `inject()` make it ready.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerDb } from './app-db';
import { registerAuthContext } from './auth-context';
import { registerAuth } from './auth/auth-plugin';
import type { Db } from './db/client';
import { ERROR_CODE } from '../contracts/error-codes';
import { errorEnvelope, handleError, registerErrorHandler } from './errors';
import { registerIdempotency } from './idempotency';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { hasClientBuild, isApiPath, registerSpa, sendSpaPage, wantsSpaPage } from './plugins/spa';
import { parseQueryString } from './query-string';
import { registerRouteTable } from './route';
import { registerAuthRoutes } from './routes/auth/auth-routes';
import { registerCategoryRoutes } from './routes/categories/categories-routes';
import { registerCatalogRoutes } from './routes/catalog/catalog-routes';
import { registerCouponRoutes } from './routes/coupons/coupons-routes';
import { registerCustomerGroupRoutes } from './routes/customer-groups/customer-groups-routes';
import { registerCustomerAdminRoutes } from './routes/customers/customers-admin-routes';
import { registerCustomerRoutes } from './routes/customers/customers-routes';
import { registerMembershipRoutes } from './routes/memberships/memberships-routes';
import { registerEmployeeRoutes } from './routes/employees/employees-routes';
import { registerTurnSystemRoutes } from './routes/turn-system/turn-system-routes';
import { registerWorkingTimeRoutes } from './routes/working-times/working-times-routes';
import { registerReportRoutes } from './reports/report-routes';
import { registerPayrollRoutes } from './payroll/payroll-routes';
import { registerCashDrawerRoutes } from './routes/cash-drawer/cash-drawer-routes';
import { registerExpenseRoutes } from './routes/expenses/expenses-routes';
import { registerGiftcardAdminRoutes } from './routes/giftcards/giftcards-admin-routes';
import { registerGiftcardRoutes } from './routes/giftcards/giftcards-routes';
import { registerHealthRoutes } from './routes/health/health-routes';
import { registerPaymentRoutes } from './routes/payments/payments-routes';
import { registerProductKitRoutes } from './routes/product-kits/product-kits-routes';
import { registerProductRoutes } from './routes/products/products-routes';
import { registerPushRoutes } from './routes/push/push-routes';
import { registerReceiptRoutes } from './routes/receipts/receipts-routes';
import { registerDrawerNoSaleRoutes } from './routes/drawer-no-sale/drawer-no-sale-routes';
import { registerSaleRoutes } from './routes/sales/sales-routes';
import { registerServiceRoutes } from './routes/services/services-routes';
import { registerSettingsRoutes } from './routes/settings/settings-routes';
import { registerStoreRoutes } from './routes/stores/stores-routes';
import { registerSupplierRoutes } from './routes/suppliers/suppliers-routes';
import { registerUnitRoutes } from './routes/units/units-routes';
import { registerUserRoutes } from './routes/users/users-routes';
import { registerWalkInRoutes } from './routes/walk-ins/walk-ins-routes';
import { registerBookingRoutes } from './routes/bookings/bookings-routes';
import { registerLiveRoutes } from './routes/live/live-routes';
import { registerLive } from './live/live-plugin';
import { registerKioskRoutes } from './routes/kiosk/kiosk-routes';
import { onMultipartFile, registerUploadSpool } from './resources/upload-spool';
import type { PushOptions } from './services/push';

export interface AppConfig {
  /** The built client; null (or a directory without index.html) serves the API only. */
  clientDir: string | null;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** Uploaded media (profile photos): DATA_DIR/media; default ./data/media. */
  mediaDir?: string;
  /** Web Push: VAPID subject, allowed push services, transport (default: the environment; ADR 009). */
  push?: PushOptions;
}

/** Upload bounds: a profile photo or a CSV import, never a video. */
export const MULTIPART_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 5,
  fields: 200,
  fieldSize: 100 * 1024,
  parts: 210,
};

export async function buildApp({ db, config }: { db: Db; config: AppConfig }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    routerOptions: { querystringParser: parseQueryString },
    // Close keep-alive connections that are idle at shutdown instead of waiting for their timeout.
    forceCloseConnections: 'idle',
    // The router's own refusals (a path parameter over maxParamLength → 414, a URL it cannot decode → 400)
    // answer in the envelope like every other error, instead of Fastify's own JSON.
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First: the route table's onRoute hook must see every route (tests derive access checks from it).
  registerRouteTable(app);
  registerDb(app, db);
  registerAuthContext(app);
  registerAuth(app, { mediaDir: config.mediaDir ?? path.resolve('data', 'media') });
  registerErrorHandler(app);
  await registerSecurity(app);
  // Multipart fields land in request.body as values (files as Buffers), so multipart routes validate with
  // the same zod schemas as JSON ones (docs/sales.md#the-sale-screen: create/update customer and profile are
  // multipart).
  // Routes that take large files (CSV imports) spool them to disk instead (resources/upload-spool.ts).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: MULTIPART_LIMITS,
    onFile: onMultipartFile,
  });
  registerUploadSpool(app);
  registerIdempotency(app);
  registerLive(app);
  await registerOpenApi(app);

  const serveClient = hasClientBuild(config.clientDir);
  if (serveClient) await registerSpa(app, config.clientDir as string);

  // Synchronous handlers that send and return nothing: returning the reply would make Fastify await it.
  app.setNotFoundHandler((request, reply) => {
    if (serveClient && wantsSpaPage(request)) {
      sendSpaPage(reply);
      return;
    }
    const message = isApiPath(request.url)
      ? `No API route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`
      : 'Not found.';
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorEnvelope(ERROR_CODE.NOT_FOUND, message));
  });

  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerCatalogRoutes(app);
  registerCustomerRoutes(app);
  registerEmployeeRoutes(app);
  registerWorkingTimeRoutes(app);
  registerReportRoutes(app);
  registerPayrollRoutes(app);
  registerTurnSystemRoutes(app);
  registerGiftcardRoutes(app);
  registerGiftcardAdminRoutes(app);
  registerPaymentRoutes(app);
  registerSaleRoutes(app);
  registerCashDrawerRoutes(app);
  registerReceiptRoutes(app);
  registerDrawerNoSaleRoutes(app);
  registerPushRoutes(app, config.push);
  registerWalkInRoutes(app);
  registerBookingRoutes(app);
  registerLiveRoutes(app);
  registerKioskRoutes(app);
  registerSettingsRoutes(app);
  registerStoreRoutes(app);
  // Back-office resources (docs/back-office.md).
  registerUnitRoutes(app);
  registerSupplierRoutes(app);
  registerCategoryRoutes(app);
  registerServiceRoutes(app);
  registerProductRoutes(app);
  registerProductKitRoutes(app);
  registerExpenseRoutes(app);
  registerUserRoutes(app);
  registerCustomerGroupRoutes(app);
  registerCouponRoutes(app);
  registerMembershipRoutes(app);
  registerCustomerAdminRoutes(app);
  return app;
}

import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import type { Conversation } from './cluster/conversation.js';
import { SharedExportSlots, sharedRateStore } from './cluster/worker-limits.js';
import { registerAuth } from './http/auth.js';
import { isConsolePath } from './http/console-paths.js';
import { fail } from './http/envelope.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerRequestLog, requestLogController } from './http/request-log.js';
import { replySerializerCompiler } from './http/reply-serializer.js';
import { guardAppPage, isGuardAppPage, registerGuardApp } from './http/guard-app.js';
import { registerExportLimit } from './http/export-limit.js';
import { registerMetrics } from './http/metrics.js';
import { registerProbes } from './http/probes.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { Scope } from './features/scope.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { resolveCaller } from './features/auth/auth.service.js';
import { ACCESS_CHANGED, AccessCache } from './http/access-cache.js';
import { holdRoutes } from './features/hold/hold.routes.js';
import { staffRoutes } from './features/staff/staff.routes.js';
import { roleRoutes } from './features/role/role.routes.js';
import { syslogRoutes } from './features/syslog/syslog.routes.js';
import { deviceRoutes } from './features/device/device.routes.js';
import { cardRoutes } from './features/card/card.routes.js';
import { uploadRoutes } from './features/upload/upload.routes.js';
import { roadRoutes } from './features/road/road.routes.js';
import { taskRoutes } from './features/task/task.routes.js';
import { punchRoutes } from './features/punch/punch.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { recordRoutes } from './features/record/record.routes.js';
import { reportRoutes } from './features/report/report.routes.js';
import { alertRoutes } from './features/alert/alert.routes.js';
import { webhookRoutes } from './features/webhook/webhook.routes.js';
import { digestRoutes } from './features/digest/digest.routes.js';
import { shiftRoutes } from './features/shift/shift.routes.js';
import { guardAppRoutes } from './features/guard-app/guard-app.routes.js';
import { checklistRoutes, hazardRoutes } from './features/inspection/inspection.routes.js';
import { safetyRoutes } from './features/safety/safety.routes.js';

/** Every feature's routes, registered under the API prefix. */
const features = [
  authRoutes,
  holdRoutes,
  staffRoutes,
  roleRoutes,
  syslogRoutes,
  deviceRoutes,
  cardRoutes,
  uploadRoutes,
  roadRoutes,
  taskRoutes,
  punchRoutes,
  dashboardRoutes,
  recordRoutes,
  reportRoutes,
  alertRoutes,
  webhookRoutes,
  digestRoutes,
  shiftRoutes,
  guardAppRoutes,
  checklistRoutes,
  hazardRoutes,
  safetyRoutes,
];

export const API_PREFIX = '/proxyserver/api';
/** What a JSON body may weigh (Fastify's default, written out); the spreadsheet upload sets its own 50 MB. */
const JSON_BODY_LIMIT = 1_048_576;
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_GUARD_ROOT = fileURLToPath(new URL('../../guard/dist', import.meta.url));

/** One registered API route: the isolation tests are generated from this table. */
export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  /** The zod schema its JSON body or query string is validated with; absent when it takes none. */
  input?: unknown;
  /** The schema of its successful reply (serialisation and OpenAPI); every API route has one. */
  output?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

export interface AppOptions {
  /** Pino logger options; off in tests. */
  logger?: boolean | object;
  /** The built console; served at `/` when present. */
  webRoot?: string;
  /** The built guard app; served at `/m/` when present. */
  guardRoot?: string;
  /** In a worker of a server (cluster/): the primary, which keeps the rate counts, export slots and metrics' sum. */
  primary?: Conversation;
}

/** Builds the whole server: plugins, the error handler, auth and every feature's routes. Nothing listens here. */
export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request, written by registerRequestLog (route, envelope code, ms, account, address).
    logController: requestLogController,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { caseSensitive: false },
    trustProxy: ctx.config.trustProxy,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const input = route.schema?.body ?? route.schema?.querystring;
      const output = (route.schema?.response as Record<number, unknown> | undefined)?.[200];
      routes.push({ method, url: route.url, public: (route.config?.auth ?? 'bearer') !== 'bearer', input, output });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(ctx.config.checkReplies));
  registerErrorHandler(app);
  registerRequestLog(app);
  // Before any route: their hooks reach every route registered after them (OPERATIONS.md).
  registerSecurityHeaders(app, webRoot);
  const { primary } = options;
  registerMetrics(app, ctx.db, ctx.config.metricsToken, primary);
  registerProbes(app, ctx.db);
  await registerRateLimits(app, {
    loginPerMinute: ctx.config.loginRateLimit,
    uploadPerMinute: ctx.config.uploadRateLimit,
    photoPerMinute: ctx.config.photoRateLimit,
    registerAppPerMinute: ctx.config.registerAppRateLimit,
    importUploadPerMinute: ctx.config.importUploadRateLimit,
    store: primary && sharedRateStore(primary),
  });
  registerExportLimit(app, primary && new SharedExportSlots(primary));

  await app.register(fastifySwagger, {
    openapi: { info: { title: '巡检管理平台 API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/proxyserver/docs' });

  // Each app keeps its own sessions and scopes (issue 36), as each server does: forgotten when the database says
  // something changed, or this app changed it.
  const access = new AccessCache(ctx.now);
  await access.listen(ctx.listen, (payload) => ctx.db.execute(sql`select pg_notify(${ACCESS_CHANGED}, ${payload})`));
  app.addHook('onClose', () => access.close());
  // The app's context reads through to `ctx` (what is set on it later, e.g. a test's clock or sleep, still holds).
  const served: AppContext = Object.assign(Object.create(ctx) as AppContext, { access });
  await app.register(
    async (api) => {
      registerAuth(api, {
        resolveCaller: (token) => resolveCaller(served, token),
        scopeOf: (caller, ip) => new Scope(ctx.db, caller, ip, access),
        deviceKey: ctx.deviceKey,
      });
      for (const feature of features) await api.register(feature, { ctx: served });
    },
    { prefix: '/proxyserver' },
  );

  registerWebApp(app, webRoot, options.guardRoot ?? DEFAULT_GUARD_ROOT);
  return app;
}

/**
 * The built console at `/`, with its routes falling back to index.html (console-paths.ts); every other unknown
 * path, API or not (`/.env`, `/wp-admin`, `/metrics`), answers 404.
 */
function registerWebApp(app: FastifyInstance, webRoot: string, guardRoot: string): void {
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  const hasGuard = registerGuardApp(app, guardRoot);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: webRoot,
      // Files are looked up when asked for, not listed once at start: a console rebuilt under a running server
      // serves its new chunks instead of 404s behind a fresh index.html.
      wildcard: true,
      index: 'index.html',
      // The console's build writes `.br` and `.gz` beside each file (apps/web/vite.config.ts): sent to browsers
      // that accept them, a third of the bytes before the login screen paints (QUALITY.md P7).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Chunks carry their content hash in their name; index.html must be asked for afresh to find new ones.
        const hashed = filePath.startsWith(path.join(webRoot, 'assets') + path.sep);
        void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // HEAD as GET: @fastify/static leaves a HEAD of `/` for a compressed copy to this handler.
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (hasGuard && isGet && isGuardAppPage(request.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(guardAppPage(guardRoot));
    }
    if (hasWeb && isGet && isConsolePath(request.url)) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(fail(404, '请求的地址不存在'));
  });
}

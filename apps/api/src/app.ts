import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messages } from '@hopbox/contracts/messages';
import { UPLOAD_LIMITS } from '@hopbox/contracts/photo-requests';
import { SESSION_SEEN_INTERVAL_MINUTES } from '@hopbox/contracts/user-sessions';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { loggerOptions, pathOnly } from './lib/logger.ts';
import { addressesRoutes } from './modules/addresses/addresses-routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config-routes.ts';
import { auditRoutes } from './modules/audit/audit-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { secondFactorRoutes } from './modules/auth/mfa-routes.ts';
import { createPasswordHasher } from './modules/auth/passwords.ts';
import { SessionActivity } from './modules/auth/session-activity.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { claimsRoutes } from './modules/claims/claims-routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.ts';
import { dutyRulesRoutes } from './modules/duties/duty-rules-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { hostLocationsRoutes } from './modules/hosts/host-locations-routes.ts';
import { hostsRoutes } from './modules/hosts/hosts-routes.ts';
import { internalNotesRoutes } from './modules/internal-notes/internal-notes-routes.ts';
import { jobsRoutes } from './modules/jobs/jobs-routes.ts';
import { createMailWorker } from './modules/notifications/mail-worker.ts';
import { notificationsRoutes } from './modules/notifications/notifications-routes.ts';
import { packageRequestsRoutes } from './modules/package-requests/package-requests-routes.ts';
import { arrivalsRoutes } from './modules/packages/arrivals-routes.ts';
import { packagesRoutes } from './modules/packages/packages-routes.ts';
import { packagesStaffRoutes } from './modules/packages/packages-staff-routes.ts';
import { paymentsRoutes } from './modules/payments/payments-routes.ts';
import { paymentsStaffRoutes } from './modules/payments/payments-staff-routes.ts';
import { sandboxPageRoutes } from './modules/payments/sandbox-page-routes.ts';
import { photoRequestsRoutes } from './modules/photo-requests/photo-requests-routes.ts';
import { photoRequestsStaffRoutes } from './modules/photo-requests/photo-requests-staff-routes.ts';
import { pricingRoutes } from './modules/pricing/pricing-routes.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { searchRoutes } from './modules/search/search-routes.ts';
import { shipmentsRoutes } from './modules/shipments/shipments-routes.ts';
import { shipmentsStaffRoutes } from './modules/shipments/shipments-staff-routes.ts';
import { supportRoutes } from './modules/support/support-routes.ts';
import { walletRoutes } from './modules/wallet/wallet-routes.ts';
import { answerSerializerCompiler } from './plugins/answer-serializer.ts';
import { registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { pagePreloads } from './plugins/page-preloads.ts';
import { inlineScriptSources, securityHeaders } from './plugins/security-headers.ts';
import { refuseBadTextInput } from './plugins/text-input.ts';
import type { CarrierProvider } from './providers/carriers/carrier-provider.ts';
import {
  carrierRegistry,
  createCarrierProvider,
  createCarrierRates,
  createPaymentProvider,
  createRateProvider,
  paymentRegistry,
} from './providers/factory.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { CarrierRates, RateProvider } from './providers/rates/rate-provider.ts';
import { createS3Storage } from './providers/storage/s3-storage.ts';
import { createLocalStorage, type Storage } from './providers/storage/storage.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  storage?: Storage;
  rates?: RateProvider;
  carrierRates?: CarrierRates[];
  payments?: PaymentProvider;
  carrier?: CarrierProvider;
  /** The clock storage, quotes and reminders read; the system clock unless a test sets one. */
  clock?: Clock;
  /** Hears other processes' changes (the database handle's `listen`); without it, changes are heard in this process only. */
  listen?: DatabaseHandle['listen'];
  logger?: FastifyServerOptions['logger'];
  /** The built SPA to serve; null serves none (API tests). */
  webDist?: string | null;
}

/** Builds the app in the fixed order: external plugins, then app plugins, then routes. */
export async function buildApp(options: BuildOptions) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config.logLevel),
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkShapes: options.config.env !== 'production' }));
  acceptEmptyJsonBodies(app);
  acceptFormBodies(app);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, dataDir: options.config.dataDir, log: app.log });
  const storage =
    options.storage ??
    (options.config.storage.provider === 's3' ? createS3Storage(options.config.storage) : createLocalStorage(options.config.dataDir));
  const rates = options.rates ?? createRateProvider(options.config);
  const carrierRates = options.carrierRates ?? createCarrierRates(options.config, rates);
  const payments = paymentRegistry(options.config, options.db, options.payments ?? createPaymentProvider(options.config, options.db));
  const carriers = carrierRegistry(options.config, options.db, options.carrier ?? createCarrierProvider(options.config, options.db));
  // Its rounds on MAIL_WORKER_INTERVAL_MS are the job list's `mail` job, run by whoever runs the jobs (server.ts).
  const mailWorker = createMailWorker({ db: options.db, mailer, storage, log: app.log });
  app.addHook('onClose', () => mailWorker.stop());
  const passwords = createPasswordHasher(options.config.passwordHashing);
  const sessions = new SessionCache({ db: options.db, listen: options.listen }, options.config.sessionCacheSeconds * 1000);
  await sessions.listen();
  app.addHook('onClose', () => sessions.close());
  const clock = options.clock ?? systemClock;
  const activity = new SessionActivity({ db: options.db, clock, log: app.log }, SESSION_SEEN_INTERVAL_MINUTES * 60_000);
  app.addHook('onClose', () => activity.settled());
  const deps: AppDeps = {
    config: options.config,
    db: options.db,
    mailer,
    storage,
    rates,
    carrierRates,
    payments,
    carriers,
    mailWorker,
    passwords,
    sessions,
    activity,
    log: app.log,
    clock,
  };
  app.decorate('deps', deps);

  const webDist = options.webDist === undefined ? defaultWebDist : options.webDist;
  const webIndex = webDist ? path.join(webDist, 'index.html') : null;
  const servesWeb = webIndex !== null && existsSync(webIndex);
  securityHeaders(app, servesWeb ? inlineScriptSources(readFileSync(webIndex, 'utf8')) : []);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await app.register(swagger, openapiOptions(options.config));
  // The document is still generated (tests and tooling read it); only its public page is optional.
  if (options.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });

  registerErrorHandler(app);
  refuseBadTextInput(app);

  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(authRoutes);
  await app.register(secondFactorRoutes);
  await app.register(profileRoutes);
  await app.register(hostsRoutes);
  await app.register(hostLocationsRoutes);
  await app.register(dutyRulesRoutes);
  await app.register(internalNotesRoutes);
  await app.register(dashboardRoutes);
  await app.register(searchRoutes);
  await app.register(packagesRoutes);
  await app.register(packagesStaffRoutes);
  await app.register(arrivalsRoutes);
  await app.register(packageRequestsRoutes);
  await app.register(photoRequestsRoutes);
  await app.register(photoRequestsStaffRoutes);
  await app.register(supportRoutes);
  await app.register(addressesRoutes);
  await app.register(pricingRoutes);
  await app.register(shipmentsRoutes);
  await app.register(shipmentsStaffRoutes);
  await app.register(walletRoutes);
  await app.register(claimsRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentsStaffRoutes);
  await app.register(sandboxPageRoutes);
  await app.register(notificationsRoutes);
  await app.register(jobsRoutes);
  await app.register(auditRoutes);

  if (servesWeb && webDist) serveSpa(app, webDist);
  else app.setNotFoundHandler((_request, reply) => sendError(reply, 404, messages.transport.notFound));
  return app;
}

/**
 * A hop count trusts that many proxies in front of the app, whatever their address (Fastify itself
 * now ignores a bare number); it is only safe where clients cannot reach the app except through them.
 */
function trustProxyOption(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/**
 * SPEC.md's client sends `Content-Type: application/json` on every call, including body-less
 * POSTs such as logout; Fastify would reject those, so an empty JSON body reads as no body.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 });
      done(err, undefined);
    }
  });
}

/** The sandbox payment page posts a plain HTML form. */
function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}

/**
 * How long a browser keeps a file of the built SPA: a hashed file under /assets/ never changes
 * (a new build names it anew), so forever; the rest (index.html, the icon) is checked
 * with its ETag on every visit, so a deploy is seen at once. Decision 019.
 */
function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The built SPA: real files as they are, every other non-API page path answers index.html. */
function serveSpa(app: FastifyInstance, webDist: string) {
  app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file; the one the browser accepts is sent.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(path.relative(webDist, filePath)));
    },
  });
  const preloads = pagePreloads(webDist);
  app.setNotFoundHandler((request, reply) => {
    // A missing build file (an old tab after a deploy) is a 404, never index.html read as a script.
    const path = pathOnly(request.url);
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (
      request.method === 'GET' &&
      !isFile &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/docs') &&
      !request.url.startsWith('/payments/')
    ) {
      const hint = preloads.get(path.replace(/(.)\/$/, '$1'));
      if (hint) reply.header('Link', hint);
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(reply, 404, messages.transport.notFound);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve, type ServerType } from '@hono/node-server';
import { loadConfig, type Config } from '../platform/config.js';
import { createLogger, type Logger } from '../platform/logger.js';
import { createMailer } from '../platform/mail.js';
import { createPubSubHandle } from '../platform/pubsub.js';
import { createRateLimiter } from '../platform/rateLimit.js';
import { resolveAuthSecret } from '../platform/secrets.js';
import type { AppDeps } from '../platform/context.js';
import { fillMissingTimeZones } from '../itinerary/zoneBackfill.js';
import { openDatabase, type Database } from '../db/index.js';
import { grantConfiguredAdmins } from '../accounts/service.js';
import { authRoutes } from '../accounts/authRoutes.js';
import { backendApp } from './backend.js';
import { createGraphQLServer, errorMasking } from './yoga.js';
import { loadPersistedDocuments, type PersistedDocuments } from './persistedDocuments.js';
import { graphqlWebSocket, TOO_MANY_REQUESTS } from './websocket.js';
import { GRAPHIQL_ASSETS_PATH, graphiqlAssets } from './graphiql.js';
import { securityHeaders } from './securityHeaders.js';
import { readHtmlDocument, readPrerenderedPages, sendHtml, webFiles } from './webAssets.js';
import { guidePageHead } from '../guides/pageMeta.js';
import { idempotency, sweepIdempotentRequests } from './idempotency.js';
import { startOutboxSweeper } from '../platform/outbox.js';
import { startFileSweeper } from '../platform/fileSweeper.js';
import { startPollSweeper } from '../decisions/service.js';
import { createStorage } from '../platform/storage.js';
import { backendRoutes } from './routes.js';
import { storyPageHead } from '../stories/pageHead.js';
import { sweepPendingStoryImages } from '../stories/images.js';
import { documentWithHead, htmlWithHead, type PageHead } from './pageHead.js';
import { html as markup } from '../platform/formats/html.js';
import { readLivePages } from './livePages.js';
import { PayloadTooLargeError, RateLimitedError } from '../platform/errors.js';
import { newReaderCookieValue, readerIdOf, readerSetCookie } from '../platform/reader.js';
import { clientIp, errorResponse } from '../rest/respond.js';
import { sendInviteRoute } from '../invitations/sendInviteRoute.js';
import { calendarRoute } from '../calendar/route.js';
import { wrappedHttp } from '../memories/http.js';
import { wrappedPageHead } from '../memories/pageHead.js';
import { closePresence } from '../presence/store.js';
import { photoHttp } from '../photos/http.js';
import { inboundEmailRoute } from '../reservations/receiving/webhook.js';
// The account lifecycle's steps in invitations, friends and trips (accounts/lifecycle.ts).
import './accountLifecycle.js';

/** The largest request body any route reads (JSON documents and GraphQL operations). */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * Hono's body limit, decided from Content-Length when the request states one and is not chunked
 * (as browsers and HTTP clients send JSON), and nothing to check for GET and HEAD. Hono's
 * middleware first asks the request for its `body`, which makes the Node server turn its
 * lightweight request into a full Fetch Request with a web stream over the socket (GETs
 * included); left alone, a route reads the body straight from the socket. A body without a
 * length is counted by Hono's middleware as it arrives, as before.
 */
function bodyLimitByLength(maxSize: number, onError: (c: Context) => Promise<Response>): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxSize) return onError(c);
      return next();
    }
    return counting(c, next);
  };
}

/**
 * Yoga's JSON answer handed to the Node server as one string. Yoga answers with a Response class
 * of its own, which the Node server can only read as a stream (a reader, chunk by chunk, at times
 * after a timer) and write in pieces; the answer is one string already. Event streams
 * (subscriptions over HTTP) and other answers are passed on as Yoga made them.
 */
async function wholeAnswer(res: Response): Promise<Response> {
  const type = res.headers.get('content-type');
  if (type === null || !/^application\/(graphql-response\+)?json\b/.test(type)) return res;
  return new Response(await res.text(), { status: res.status, statusText: res.statusText, headers: res.headers });
}

export interface App {
  deps: AppDeps;
  /** The whole HTTP surface as a Fetch handler (tests call it without a socket). */
  fetch: (request: Request) => Promise<Response>;
  listen(port?: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/**
 * Builds the process: database, mail, pub/sub, rate limits, then the HTTP routes.
 * `overrides.db` lets a test hand in its own database, `overrides.logger` read the logs.
 */
export async function buildApp(config: Config = loadConfig(), overrides: { db?: Database; logger?: Logger } = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const db = overrides.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir }));
  const pubsub = await createPubSubHandle(config.redisUrl, logger);
  const deps: AppDeps = {
    config,
    db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    pubsub: pubsub.pubsub,
    limiter: createRateLimiter(config.redisUrl, logger, {
      ...(config.signupsPerClientPerHour ? { signupPerIp: config.signupsPerClientPerHour } : {}),
      ...(config.signinsPerClientPer15Min ? { signinPerIp: config.signinsPerClientPer15Min } : {}),
      ...(config.requestsPerClientPerMinute ? { requestsPerClient: config.requestsPerClientPerMinute } : {}),
      ...(config.pageViewsPerClientPerMinute ? { analyticsPerIp: config.pageViewsPerClientPerMinute } : {}),
    }),
    authSecret: new TextEncoder().encode(resolveAuthSecret(config.authSecret, config.dataDir)),
    storage: createStorage(config.storage, config.dataDir),
  };
  await grantConfiguredAdmins(deps);
  // The migration that gave trips and items their zones: derive them for the rows it found.
  if (db.appliedMigrations.some((m) => m.endsWith('_time_zones'))) await fillMissingTimeZones(db.prisma);
  // Live events a stopped process committed but never published go out now and then.
  const stopSweeper = config.backgroundSweeps ? startOutboxSweeper(deps) : () => {};
  // Files whose rows were deleted are removed from storage in the background.
  const stopFileSweeper = config.backgroundSweeps ? startFileSweeper(deps) : () => {};
  // Polls past their closing time close with their result; who has not answered is reminded once.
  const stopPollSweeper = config.backgroundSweeps ? startPollSweeper(deps) : () => {};
  // Kept answers to retried changes expire after a day.
  const idempotencySweep = setInterval(
    () => void sweepIdempotentRequests(deps).catch((err) => logger.warn({ err }, 'idempotency sweep failed')),
    60 * 60 * 1000,
  );
  idempotencySweep.unref();
  // Story pictures no saved story took up within a day go (their files with them).
  const pendingImagesSweep = config.backgroundSweeps
    ? setInterval(() => void sweepPendingStoryImages(deps).catch((err) => logger.warn({ err }, 'pending story image sweep failed')), 60 * 60 * 1000)
    : undefined;
  pendingImagesSweep?.unref();

  // The web app's documents by id (relay-compiler's persisted map): one copy for every door.
  const documents = loadPersistedDocuments(logger);
  const masking = errorMasking(deps);
  const yoga = createGraphQLServer(deps, documents, masking);
  const http = new Hono();
  // First, so every answer (errors and static files too) leaves with the security headers.
  http.use('*', securityHeaders(config.publicUrl, config.mapTilesUrl));
  // Every API caller without a valid reader cookie is given one (platform/reader.ts), so that a
  // signed-out reader's views are counted once even when their address moves.
  const secureCookie = config.publicUrl.startsWith('https:');
  for (const path of ['/api/*', '/graphql']) {
    http.use(path, async (c, next) => {
      await next();
      if (!readerIdOf(deps.authSecret, c.req.header('cookie')))
        c.header('Set-Cookie', readerSetCookie(newReaderCookieValue(deps.authSecret), secureCookie), { append: true });
    });
  }
  // Bodies are read only up to the limit; anything bigger is refused before it is parsed.
  http.onError((err, c) => errorResponse(deps, c, err));
  // One budget per client address for every door: REST here, GraphQL over HTTP below and each
  // operation started on a WebSocket (websocket.ts). The live pages' own in-process reads
  // (`inProcess` in their env, which no client can set) are the server's, not a client's.
  const perClient: MiddlewareHandler = async (c, next) => {
    if (!(c.env as { inProcess?: boolean } | undefined)?.inProcess) await deps.limiter.consume('requestsPerClient', clientIp(deps, c), TOO_MANY_REQUESTS);
    return next();
  };
  for (const door of ['/api/auth/*', '/api/backend/*', '/api/send-invite']) http.use(door, perClient);
  // Photo uploads stream under a limit of their own, and stored files are served by signed link.
  http.route('/', photoHttp(deps));
  // Forwarded e-mails are bigger than any JSON document: this route has its own limit, so it
  // is answered before the general one below.
  http.route('/api/inbound-email', inboundEmailRoute(deps));
  // Uploads (rows with `rawBody`) read their own bodies under their own limits.
  const uploads = new Set(backendRoutes.filter((r) => r.rawBody).map((r) => `/api/backend${r.path}`));
  const jsonLimit = bodyLimitByLength(JSON_BODY_LIMIT, () => Promise.reject(new PayloadTooLargeError(JSON_BODY_LIMIT)));
  http.use('*', (c, next) => (uploads.has(c.req.path) ? next() : jsonLimit(c, next)));
  http.get('/healthz', (c) => c.json({ status: 'ok' }));
  http.get('/readyz', async (c) =>
    (await db.ping()) ? c.json({ status: 'ready', database: 'ok' }) : c.json({ status: 'unavailable', database: 'unreachable' }, 503),
  );
  // Retried changes (same Idempotency-Key) are answered once, on both doors.
  for (const path of ['/graphql', '/api/backend/*', '/api/send-invite']) http.use(path, idempotency(deps));
  http.on(['GET', 'POST', 'OPTIONS'], '/graphql', async (c) => {
    try {
      await deps.limiter.consume('requestsPerClient', clientIp(deps, c), TOO_MANY_REQUESTS);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json({ errors: [{ message: err.message, extensions: { code: err.code } }] }, 429);
    }
    // GET carries variables and extensions as JSON text in the URL; Yoga fails on a malformed
    // one with a masked 500, so the request is refused here as the client's mistake.
    if (c.req.method === 'GET') {
      for (const name of ['variables', 'extensions']) {
        const text = c.req.query(name);
        if (text === undefined || text === '') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
          return c.json({ errors: [{ message: `The "${name}" parameter must be a JSON object.`, extensions: { code: 'BAD_REQUEST' } }] }, 400);
        }
      }
    }
    return wholeAnswer(
      await yoga.fetch(c.req.raw, { clientIp: (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress }),
    );
  });
  http.route('/api/auth', authRoutes(deps));
  http.route('/api/backend', backendApp(deps));
  http.route('/api/send-invite', sendInviteRoute(deps));
  http.route('/api/calendar', calendarRoute(deps));
  http.route('/api/wrapped', wrappedHttp(deps));
  http.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  http.route(GRAPHIQL_ASSETS_PATH, graphiqlAssets());
  mountWebApp(http, config, deps, documents);

  let server: ServerType | undefined;
  let socketServer: { close(): Promise<void> } | undefined;

  return {
    deps,
    fetch: (request) => Promise.resolve(http.fetch(request)),
    async listen(port = config.port, host = config.host) {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: http.fetch, port, hostname: host }, () => resolve());
      });
      keepConnectionsOpen(server as Server);
      // graphql-ws on the same path as HTTP GraphQL (websocket.ts).
      socketServer = graphqlWebSocket(deps, yoga, masking, server as Server, documents);
      const address = (server as Server).address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      return { port: actualPort, url: `http://${host}:${actualPort}` };
    },
    async close() {
      stopSweeper();
      stopFileSweeper();
      stopPollSweeper();
      clearInterval(idempotencySweep);
      if (pendingImagesSweep) clearInterval(pendingImagesSweep);
      await socketServer?.close();
      // After the sockets: their subscriptions have left the trips they were on.
      await closePresence(deps);
      await new Promise<void>((resolve) => {
        if (!server) return resolve();
        // Connections are kept alive for a minute: each closes once its request in flight is answered.
        const idle = setInterval(() => (server as Server).closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(idle);
          resolve();
        });
      });
      await pubsub.close();
      await deps.limiter.close();
      deps.mailer.close();
      if (!overrides.db) await db.close();
    },
  };
}

/**
 * Node closes an idle keep-alive connection after 5 s, while load balancers (60 s is common) and
 * clients keep theirs longer: a request sent on a connection at the instant the server closes it
 * fails with ECONNRESET (a 502 behind a proxy). The server keeps them longer than those do, so it
 * is never the one that closes first under a client's feet.
 */
export const KEEP_ALIVE_MS = 65_000;
function keepConnectionsOpen(server: Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Must exceed the keep-alive time, or a slow next request on the connection is cut (Node's rule).
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** The web app's files whose names do not change between builds (the service worker's, the manifest). */
const UNHASHED_WEB_FILE = /^\/(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;

/** The built web app (web/dist): files as they are, any other GET path gets index.html (SPA). */
function mountWebApp(http: Hono, config: Config, deps: AppDeps, documents: PersistedDocuments) {
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(index)) {
    // API-only processes (the test suites) and a forgotten build: say what to do, nothing more.
    http.get('*', (c) => c.text('The web app is not built yet: run `npm run build:web`.', 503));
    return;
  }
  const root = path.relative(process.cwd(), config.webDist) || '.';
  // Read once: a new build comes with a restart (`npm start` builds, then starts). The shell
  // (index.html, rendered in the browser) and the public pages prerendered at build time.
  const shell = readHtmlDocument(index);
  const prerendered = readPrerenderedPages(config.webDist);
  // The story lists, a story's page, a guide: rendered per request with their data (livePages.ts),
  // else their prerendered copy (the lists) or the shell (a story, a guide).
  // A live page's REST reads go through this app, as a signed-out visitor's would.
  const live = readLivePages(deps, config.webDist, documents, async (restPath) => {
    const res = await http.fetch(new Request(new URL(restPath, 'http://live-page.invalid'), { headers: { accept: 'application/json' } }), {
      inProcess: true,
    });
    return { status: res.status, body: res.ok ? await res.json() : null };
  });
  // Source maps are built for debugging ('hidden': nothing links them) but not published.
  if (config.production) http.use('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()));
  // Every file goes out precompressed (brotli or gzip) when the client takes it (webAssets.ts).
  // Hashed file names: cached for good, and a missing one is a 404, never the app's HTML (a tab
  // opened before a deploy asks for the previous build's files). The 404 is not kept by any
  // cache: during a rolling deploy the file may exist on the next instance asked.
  const assets = webFiles(root, 'public, max-age=31536000, immutable');
  http.use('/assets/*', async (c) => {
    const found = await assets(c, async () => {});
    return found instanceof Response ? found : c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  });
  // The service worker, its Workbox runtime and the app manifest keep their names from build to
  // build: asked again each time (no-cache, with validators), so a new build's worker is found.
  // The worker sits at the root, so its scope is the whole app.
  const unhashed = webFiles(root, 'no-cache');
  http.get('*', (c, next) => (UNHASHED_WEB_FILE.test(c.req.path) ? unhashed(c, next) : next()));
  http.get('*', async (c, next) => {
    const route = c.req.path === '/' ? '/' : c.req.path.replace(/\/+$/, '');
    const livePage = live?.has(route) ? await live.document(route) : null;
    if (livePage) return sendHtml(c, livePage);
    const search = new URL(c.req.url).search;
    // A signed-in page, rendered for its reader when the request's cookies name one (signedInPages.ts).
    const signedInPage = live ? await live.signedIn(route, search, c.req.header('cookie')) : null;
    if (signedInPage) return sendHtml(c, signedInPage);
    const copy = prerendered.get(route);
    const hasQuery = search !== '';
    if (copy) return sendHtml(c, copy.onlyWithoutQuery && hasQuery ? shell : copy.document);
    return route === '/' || route === '/index.html' ? sendHtml(c, shell) : next();
  });
  // A published story's page carries its own title, description and picture for link previews.
  const shellText = shell.identity.toString();
  // It is rendered per request with the story (livePages.ts), else it is the shell with that head.
  // No published story by that slug or id (a draft reads as none): the not-found page, as a 404.
  http.get('/blog/stories/:slugOrId', async (c) => {
    // null: no such story; undefined: it could not be looked up, and the page answers as it renders.
    const pageHead = () => storyPageHead(deps, c.req.param('slugOrId')).catch(() => undefined);
    const status = (head: PageHead | null | undefined) => (head === null ? 404 : 200);
    const livePage = await live?.document(c.req.path, async (html) => {
      const head = await pageHead();
      return head ? { html: htmlWithHead(html, head, config.publicUrl) } : { html, status: status(head) };
    });
    if (livePage) return sendHtml(c, livePage);
    const head = await pageHead();
    return sendHtml(c, head ? documentWithHead(shellText, head, config.publicUrl) : { ...shell, status: status(head) });
  });
  http.use('*', webFiles(root));
  // A public Wrapped link: the shell with the year's head (its share image as og:image); an
  // unknown or revoked token is the not-found page, as a 404.
  http.get('/wrapped/:token', async (c) => {
    const head = await wrappedPageHead(deps, c.req.param('token'));
    return sendHtml(c, head ? documentWithHead(shellText, head, config.publicUrl) : { ...shell, status: 404 });
  });
  // A guide's page likewise, rendered per request with the guide (livePages.ts), else the shell
  // with that head. A city without a guide has the generic City Guide page: a page like any
  // other (200), not a not-found one.
  http.get('/guides/:city', async (c) => {
    const pageHead = () => guidePageHead(deps, c.req.param('city'));
    // The hero is a background picture, found only once the styles apply; asked for with the
    // document instead, ahead of the page's scripts, since it is what the first view shows.
    const livePage = await live?.document(c.req.path, async (html) => {
      const head = await pageHead();
      const withHead = htmlWithHead(html, head, config.publicUrl);
      if (!head.image) return { html: withHead };
      const preload = markup`<link rel="preload" as="image" href="${head.image}" fetchpriority="high" />`.value;
      return { html: withHead.replace('<meta charset="UTF-8" />', (charset) => `${charset}\n    ${preload}`) };
    });
    return sendHtml(c, livePage ?? documentWithHead(shellText, await pageHead(), config.publicUrl));
  });
  http.get('*', (c) => sendHtml(c, shell));
}

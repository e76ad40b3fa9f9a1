import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { DomainError, domainErrorOf } from '../platform/errors.js';
import { buildRequestContext } from '../accounts/requestContext.js';
import { schema } from './schema.js';
import { documentLimitPlugins } from './documentLimits.js';
import { cleanInputPlugin } from './cleanInput.js';
import { renderGraphiQL } from './graphiql.js';
import { logRequestError } from '../graphql/errorLog.js';
import { persistedDocumentsPlugin, type PersistedDocuments } from './persistedDocuments.js';
import { liveResultsPlugin } from './liveResults.js';

/** What a client is told of an error that is not theirs to know. */
export const UNEXPECTED_ERROR = 'Unexpected error.';

export interface ErrorMasking {
  /** Errors already logged (Yoga hands its logger the errors maskError has seen). */
  logged: WeakSet<Error>;
  maskError: (error: unknown, message: string, isDev?: boolean) => Error;
}

/**
 * The one masking of GraphQL errors, for Yoga (HTTP) and the WebSocket's subscriptions alike
 * (websocket.ts): errors stay masked except the domain's own, whose messages are written for users.
 */
export function errorMasking(deps: AppDeps): ErrorMasking {
  const logged = new WeakSet<Error>();
  return {
    logged,
    maskError(error, message, isDev) {
      // Every error of a GraphQL answer passes here once: a refusal is logged in one info line,
      // a fault as an error with its stack (graphql/errorLog.ts).
      if (error instanceof Error && !logged.has(error)) {
        logged.add(error);
        logRequestError(deps.logger, error, error instanceof GraphQLError && error.path ? { path: error.path.join('.') } : {}, 'graphql error');
      }
      const raw = error instanceof GraphQLError ? error.originalError : error;
      const original = domainErrorOf(raw) ?? raw;
      if (original instanceof DomainError) {
        return new GraphQLError(original.message, {
          extensions: { code: original.code, ...(original.status === 401 ? { http: { status: 401 } } : {}) },
        });
      }
      if (original instanceof GraphQLError) return original;
      return defaultMaskError(error, message, isDev);
    },
  };
}

type ServerContext = { clientIp?: string; connectionParams?: Record<string, unknown> };

/**
 * GraphQL over HTTP (POST, GraphiQL on GET) and the execution core the WebSocket server reuses.
 * Errors stay masked except the domain's own, whose messages are written for users.
 */
export function createGraphQLServer(deps: AppDeps, documents: PersistedDocuments, masking: ErrorMasking = errorMasking(deps)) {
  const { logged } = masking;
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // The HTTP server refuses bodies over JSON_BODY_LIMIT before Yoga sees them (app.ts); Yoga's
    // own check would pass every body through a counting stream again.
    maxRequestBodySize: false,
    // The web app's documents by id (persistedDocuments.ts); `documentId` is that id's field.
    plugins: [persistedDocumentsPlugin(documents), ...documentLimitPlugins(), cleanInputPlugin(), liveResultsPlugin()],
    extraParamNames: ['documentId'],
    // The web app is served from PUBLIC_URL; other sites' pages may not read API answers.
    // (Yoga's default mirrors any Origin, with credentials.)
    cors: { origin: new URL(deps.config.publicUrl).origin, credentials: false },
    graphiql: { title: 'Tripcrew API', subscriptionsProtocol: 'WS' },
    // Served from our own origin, never a CDN, and within the CSP (see graphiql.ts).
    renderGraphiQL,
    logging: {
      debug: (...a) => deps.logger.debug(a.join(' ')),
      info: (...a) => deps.logger.info(a.join(' ')),
      warn: (...a) => deps.logger.warn(a.join(' ')),
      // Yoga logs each error it masks (some twice): maskError below has logged them already.
      error: (...a) => {
        const err = a.find((x) => x instanceof Error);
        if (err && logged.has(err)) return;
        if (err) logRequestError(deps.logger, err, {}, 'graphql error');
        else deps.logger.error(a.join(' '));
      },
    },
    context: ({ request, clientIp, connectionParams }): Promise<RequestContext> =>
      buildRequestContext(deps, {
        // Over WebSocket the token travels in the connection params (checked to be a string on connect).
        authorization: (connectionParams?.authorization as string | undefined) ?? request.headers.get('authorization'),
        socketAddress: clientIp,
        forwardedFor: request.headers.get('x-forwarded-for'),
        userAgent: request.headers.get('user-agent'),
        cookie: request.headers.get('cookie'),
        timeZone: connectionParams?.timeZone ?? request.headers.get('x-time-zone'),
      }),
    maskedErrors: { maskError: masking.maskError, errorMessage: UNEXPECTED_ERROR },
  });
}

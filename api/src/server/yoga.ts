import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { DomainError, domainErrorOf } from '../platform/errors.js';
import { buildRequestContext } from './requestContext.js';
import { schema } from '../graphql/schema.js';
import { documentLimitPlugins } from './documentLimits.js';
import { cleanInputPlugin } from './cleanInput.js';
import { renderGraphiQL } from './graphiql.js';

type ServerContext = { clientIp?: string; connectionParams?: Record<string, unknown> };

/**
 * GraphQL over HTTP (POST, GraphiQL on GET) and the execution core the WebSocket server reuses.
 * Errors stay masked except the domain's own, whose messages are written for users.
 */
export function createGraphQLServer(deps: AppDeps) {
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    plugins: [...documentLimitPlugins(), cleanInputPlugin()],
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
      error: (...a) => deps.logger.error(a.join(' ')),
    },
    context: ({ request, clientIp, connectionParams }): Promise<RequestContext> =>
      buildRequestContext(deps, {
        // Over WebSocket the token travels in the connection params (checked to be a string on connect).
        authorization: (connectionParams?.authorization as string | undefined) ?? request.headers.get('authorization'),
        socketAddress: clientIp,
        forwardedFor: request.headers.get('x-forwarded-for'),
        userAgent: request.headers.get('user-agent'),
        timeZone: connectionParams?.timeZone ?? request.headers.get('x-time-zone'),
      }),
    maskedErrors: {
      maskError(error, message, isDev) {
        const raw = error instanceof GraphQLError ? error.originalError : error;
        const original = domainErrorOf(raw) ?? raw;
        if (original instanceof DomainError) {
          return new GraphQLError(original.message, {
            extensions: { code: original.code, ...(original.status === 401 ? { http: { status: 401 } } : {}) },
          });
        }
        if (original instanceof GraphQLError) return original;
        deps.logger.error({ err: original ?? error }, 'graphql error');
        return defaultMaskError(error, message, isDev);
      },
    },
  });
}

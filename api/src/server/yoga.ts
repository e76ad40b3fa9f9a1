import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { DomainError } from '../platform/errors.js';
import { parseTimeZone } from '../platform/dates.js';
import { authenticate } from '../accounts/service.js';
import { schema } from '../graphql/schema.js';

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
    graphiql: { title: 'Tripcrew API', subscriptionsProtocol: 'WS' },
    logging: {
      debug: (...a) => deps.logger.debug(a.join(' ')),
      info: (...a) => deps.logger.info(a.join(' ')),
      warn: (...a) => deps.logger.warn(a.join(' ')),
      error: (...a) => deps.logger.error(a.join(' ')),
    },
    context: async ({ request, clientIp, connectionParams }): Promise<RequestContext> => {
      const header = (connectionParams?.authorization as string | undefined) ?? request.headers.get('authorization');
      const viewer = await authenticate(deps, header);
      return {
        deps,
        viewer,
        clientIp: (deps.config.trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined) ?? clientIp ?? 'local',
        userAgent: request.headers.get('user-agent') ?? '',
        timeZone: parseTimeZone(connectionParams?.timeZone ?? request.headers.get('x-time-zone')),
        cache: new Map(),
      };
    },
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
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

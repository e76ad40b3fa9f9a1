import type { RequestContext } from '../platform/context.js';

/** The GraphQL context is the shared request context; GraphQL adds nothing of its own. */
export type GraphQLContext = RequestContext;

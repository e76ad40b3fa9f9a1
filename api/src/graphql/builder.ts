import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin, { decodeGlobalID } from '@pothos/plugin-relay';
// Global id fields without a promise each (see globalIds.ts); before any field is built.
import './globalIds.js';
import ValidationPlugin from '@pothos/plugin-validation';
import SimpleObjectsPlugin from '@pothos/plugin-simple-objects';
import { DateResolver, DateTimeResolver } from 'graphql-scalars';
import type PrismaTypes from '../generated/pothos-prisma-types.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import type { GraphQLContext } from './context.js';
import { tripScopeChecks } from './tripScopes.js';
import { validationErrorFrom } from '../platform/validation.js';
import { cleanText } from '../platform/text.js';

/**
 * The schema builder: plugins and configuration only. Types live beside their domain
 * (accounts/graphql.ts, notifications/graphql.ts, ...) and server/schema.ts imports them.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: Date; Output: Date | string };
    ID: { Input: string; Output: string | number };
  };
  AuthScopes: {
    signedIn: boolean;
    admin: boolean;
    /** The viewer is this user. */
    self: string;
    /** The viewer owns or has joined this trip (id), or is an administrator. */
    tripMember: string;
    /** The viewer owns this trip (id), or is an administrator. */
    tripOwner: string;
  };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin, ValidationPlugin, SimpleObjectsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // Scopes are checked on the server for every field that declares them; the client shows
    // whatever it likes, the API decides.
    authScopes: (ctx) => ({
      signedIn: ctx.viewer !== null,
      admin: ctx.viewer?.isAdmin === true,
      self: (userId: string) => ctx.viewer?.id === userId,
      // Synchronous once the request has loaded the viewer's trips: no promise per trip of a list.
      tripMember: (tripId: string) => ctx.viewer?.isAdmin === true || tripScopeChecks().isTripMember(ctx, tripId),
      tripOwner: (tripId: string) => ctx.viewer?.isAdmin === true || tripScopeChecks().isTripOwner(ctx, tripId),
    }),
    unauthorizedError: (_parent, ctx, _info, result) => authError(ctx, result.message),
    treatErrorsAsUnauthorized: true,
    // Check scopes before a subscription starts, not only when each event resolves.
    authorizeOnSubscribe: true,
  },
  errors: {
    defaultTypes: [],
  },
  // Input rules declared on GraphQL arguments fail as our typed ValidationError (field and
  // message, every field at once), the same error services throw.
  validation: {
    validationError: (failure) => validationErrorFrom(failure.issues, true),
  },
  prisma: {
    client: (ctx) => ctx.deps.db.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    // A resolver that ignores the selection Pothos built would fetch relations one by one: fail
    // loudly in development and tests, stay quiet in production.
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'error',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: {
      nullable: true,
      description:
        'Any object by its global id, as Relay refetches it. Null when the id names nothing; an object the viewer may not see is null with a FORBIDDEN error (UNAUTHENTICATED when signed out).',
      args: { id: { description: 'A global id, as read from an `id` field.' } },
    },
    // Items are nullable (as Relay's spec has it): one id that fails or names nothing reads as
    // null beside the others instead of failing the whole list.
    nodesQueryOptions: {
      nullable: { list: false, items: true },
      description:
        'Several objects by their global ids, in the order asked. Each id that names nothing, or an object the viewer may not see, is null in its place (the latter with an error).',
      args: { ids: { description: 'Global ids, as read from `id` fields.' } },
    },
    nodeTypeOptions: { description: 'An object with a global id: `node(id:)` and `nodes(ids:)` fetch it again by that id.' },
    idFieldOptions: { description: 'Global id: opaque and stable. Pass it to `node(id:)` or to the arguments that name this object.' },
    pageInfoTypeOptions: { description: 'Where a page sits in the whole list, and the cursors to move from it.' },
    hasNextPageFieldOptions: { description: 'More items follow this page (reliable when paging forward with `first`).' },
    hasPreviousPageFieldOptions: { description: 'More items come before this page (reliable when paging backward with `last`).' },
    startCursorFieldOptions: { description: "The first item's cursor: pass it as `before` for the previous page. Null on an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor: pass it as `after` for the next page. Null on an empty page." },
    defaultConnectionTypeOptions: { description: 'One page of a list (a Relay connection): its items in `edges`, where it sits in `pageInfo`.' },
    defaultEdgeTypeOptions: { description: 'One item of a page, with its cursor.' },
    edgesFieldOptions: { description: 'The items of this page, in order.' },
    pageInfoFieldOptions: { description: 'Whether there are more items, and the cursors to page from here.' },
    cursorFieldOptions: { description: "This item's place in the list: pass it as `after` or `before` to page from it." },
    nodeFieldOptions: { description: 'The item itself.' },
    firstArgOptions: {
      description: 'Page forward: at most this many items after `after` (or from the start). 20 when neither `first` nor `last` is given; at most 100.',
    },
    afterArgOptions: { description: 'Page forward from this cursor (a `pageInfo.endCursor` or an edge `cursor`).' },
    lastArgOptions: { description: 'Page backward: at most this many items before `before`. At most 100.' },
    beforeArgOptions: { description: 'Page backward from this cursor (a `pageInfo.startCursor` or an edge `cursor`).' },
    // A decoded id is input too, cleaned as both doors clean text: a NUL hidden in the base64
    // would otherwise reach PostgreSQL, which fails the query instead of finding nothing.
    decodeGlobalID: (globalID) => {
      const { typename, id } = decodeGlobalID(globalID);
      return { typename, id: cleanText(id) };
    },
  },
});

import { GraphQLError } from 'graphql';
/** Field scopes for a user's private data: the user themself, or an administrator. */
export const selfOrAdmin = (user: { id: string }) => ({ self: user.id, admin: true });

/** A refused scope: FORBIDDEN for a signed-in caller, else UNAUTHENTICATED (with the field's own wording, if any). */
export function authError(ctx: GraphQLContext, message: string, signedOutMessage = 'You must be signed in.') {
  return ctx.viewer
    ? new GraphQLError(message || 'You do not have permission to do that.', { extensions: { code: 'FORBIDDEN' } })
    : new GraphQLError(signedOutMessage, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

builder.addScalarType('DateTime', DateTimeResolver);
builder.addScalarType('Date', DateResolver);
builder.queryType({ description: 'The entry points for reading.' });
builder.mutationType({ description: 'Every change goes through a mutation; each returns a payload or a typed error.' });
builder.subscriptionType({ description: 'Live updates over WebSocket (graphql-ws).' });

import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { CloseCode, type Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { decodeJwt } from 'jose';
import { AccountMessages } from '../accounts/messages.js';
import { bearerToken } from '../accounts/tokens.js';
import { closeSocketWhenSessionEnds } from '../accounts/sessions.js';
import { startEvent, type AppDeps, type RequestContext } from '../platform/context.js';
import { clientAddress } from '../platform/clientAddress.js';
import { DomainError, domainErrorOf, RateLimitedError } from '../platform/errors.js';
import { cleanInput } from '../platform/text.js';
import { liveLimit } from '../platform/liveReads.js';
import { logRequestError, refusalOf } from '../graphql/errorLog.js';
import { SocketMessages, SocketRegistry } from './socketLimits.js';
import { UNEXPECTED_ERROR, type createGraphQLServer, type ErrorMasking } from './yoga.js';
import { subscribeSharing } from './liveResults.js';
import { serveSharedSockets } from './sharedSockets.js';
import { buildRequestContext } from '../accounts/requestContext.js';
import { documentIdOf, UNKNOWN_DOCUMENT_MESSAGE, type PersistedDocuments } from './persistedDocuments.js';

/** The per-client budget's refusal, worded as over HTTP (app.ts). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please slow down and try again in a minute.';

/**
 * graphql-ws on the HTTP server's `/graphql`. Documents are parsed and validated by Yoga's
 * envelope (its document limits), queries run through it, and subscriptions start through
 * graphql-js with the same shared results and error masking, without the envelope's wrappers a
 * long-lived subscription would keep; the context comes from the same factory as over HTTP.
 * Every operation started on a
 * socket spends one of the client's requests and counts against the socket's and the account's
 * bounds (socketLimits.ts). Each result's payload is serialised once for every socket it goes to
 * (sharedSockets.ts). Whatever is wrong with one operation (over a limit, unparsable, too
 * big, a mutation, a token no longer good) is answered as that operation's error: the socket and
 * its other subscriptions carry on.
 */
export function graphqlWebSocket(
  deps: AppDeps,
  yoga: ReturnType<typeof createGraphQLServer>,
  masking: ErrorMasking,
  server: Server,
  documents: PersistedDocuments,
) {
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const sockets = new SocketRegistry();
  // Yoga's envelope (its plugins: document limits, error masking), made once for every socket:
  // nothing in it depends on who is calling, the context carries that.
  const { schema, execute, parse, validate } = yoga.getEnveloped({});
  // Subscriptions start without the envelope's per-operation wrappers (a socket keeps several for
  // hours): graphql-js with shared results (liveResults.ts) and the same masking of errors.
  const masked = (result: ExecutionResult): ExecutionResult =>
    result.errors ? { ...result, errors: result.errors.map((e) => masking.maskError(e, UNEXPECTED_ERROR) as GraphQLError) } : result;
  /** The account each socket was opened by (the socket's state object as graphql-ws keeps it). */
  const accounts = new WeakMap<object, string>();
  /** Each socket's authentication, made once at connect (see `socketContext`). */
  const bases = new WeakMap<object, { context: RequestContext; expiresAtMs: number | null }>();
  const cleanup = serveSharedSockets(
    {
      // The socket lives no longer than the access token it was opened with: at its expiry
      // the socket closes with 4403, which graphql-ws clients retry, and the web client's
      // reconnect sends a refreshed token. (Every operation still verifies the token.)
      onConnect: async (ctx) => {
        // A token that is not a string, forged or names no account is refused here, with the
        // same 4403 as an expired one (the client refreshes, then reconnects).
        const authorization = ctx.connectionParams?.authorization;
        const socket = ctx.extra.socket;
        if (authorization !== undefined && authorization !== null && typeof authorization !== 'string') return false;
        const exp = accessTokenExpiry(authorization);
        if (exp !== null && exp * 1000 <= Date.now()) return false; // graphql-ws closes with 4403 Forbidden
        // The socket's one authentication: every operation on it starts from this context.
        // Authenticating waits for a place among the few live starts have (liveReads.ts): a
        // thousand pages opening at once read their accounts a few at a time, not a thousand
        // reads queued for the pool ahead of the next save.
        const context = await liveLimit(deps, 'starts')
          .run(() => socketContext(deps, ctx))
          .catch(() => null);
        if (!context) return false;
        const viewer = context.viewer;
        if (typeof authorization === 'string' && !viewer) return false;
        if (viewer) {
          // A password changed or reset elsewhere, or the account deleted, closes it at once
          // with the same 4403: the client's refresh then fails and it is signed out.
          closeSocketWhenSessionEnds(deps, viewer, socket, CloseCode.Forbidden);
          accounts.set(ctx, viewer.id);
          sockets.add(viewer.id, ctx);
        }
        bases.set(ctx, { context, expiresAtMs: exp === null ? null : exp * 1000 });
        if (exp === null) return true;
        const timer = setTimeout(() => socket.close(CloseCode.Forbidden, 'Access token expired'), Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1));
        timer.unref();
        socket.once('close', () => clearTimeout(timer));
        return true;
      },
      onClose: (ctx) => {
        const accountId = accounts.get(ctx);
        if (accountId !== undefined) sockets.remove(accountId, ctx);
        bases.delete(ctx);
      },
      execute: (args) => execute(args),
      // Starting a subscription (its access checks, its first reads) waits for a place among a
      // few: a crowd arriving on a trip queues here instead of filling the pool saves use.
      subscribe: (args) =>
        liveLimit(deps, 'starts').run(async () => {
          try {
            return await subscribeSharing(args, masked);
          } catch (err) {
            throw masking.maskError(err, UNEXPECTED_ERROR);
          }
        }),
      // Returning a list of errors answers this operation alone; throwing would close the socket.
      onSubscribe: async (ctx, _id, params) => {
        const request = ctx.extra.request;
        try {
          const bounded = sockets.refusal(ctx, accounts.get(ctx));
          if (bounded) return [bounded];
          const forwardedFor = request.headers['x-forwarded-for'];
          const client = clientAddress(request.socket.remoteAddress, typeof forwardedFor === 'string' ? forwardedFor : null, deps.config.trustProxy);
          await deps.limiter.consume('requestsPerClient', client, TOO_MANY_REQUESTS);

          const base = bases.get(ctx);
          if (!base) return [new GraphQLError(SocketMessages.unexpected, { extensions: { code: 'INTERNAL_SERVER_ERROR' } })];
          // The timer closes the socket at the token's expiry; an operation sent just before
          // that close arrives is refused rather than started on an expired token.
          if (base.expiresAtMs !== null && base.expiresAtMs <= Date.now()) {
            return [new GraphQLError(AccountMessages.invalidRefreshToken, { extensions: { code: 'UNAUTHENTICATED' } })];
          }
          // The web app names its documents by persisted id (persistedDocuments.ts): parsed once,
          // validated by the compiler. Other clients send the text, parsed and validated here.
          const documentId = documentIdOf(params);
          const persisted = documentId ? documents.document(documentId) : null;
          if (documentId && !persisted) return [new GraphQLError(UNKNOWN_DOCUMENT_MESSAGE, { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
          let document: DocumentNode;
          try {
            document = persisted ?? parse(params.query);
          } catch (err) {
            return [withCode(err, 'GRAPHQL_PARSE_FAILED')];
          }
          // Changes go over HTTP, where Idempotency-Key, body limits and their answers' statuses apply.
          if (getOperationAST(document, params.operationName)?.operation === 'mutation') {
            return [new GraphQLError(SocketMessages.mutationOverSocket, { extensions: { code: 'BAD_REQUEST' } })];
          }
          const schemaErrors = persisted ? [] : validate(schema, document);
          if (schemaErrors.length) return schemaErrors.map((e: GraphQLError) => withCode(e, 'GRAPHQL_VALIDATION_FAILED'));
          return {
            schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables ? cleanInput(params.variables) : params.variables,
            contextValue: operationContext(base.context),
          };
        } catch (err) {
          return [operationError(deps, err)];
        }
      },
    },
    wss,
    deps.logger,
  );
  return {
    async close() {
      await cleanup.dispose();
      wss.close();
    },
  };
}

/**
 * The socket's context, built once when it connects by the factory every door uses: the token is
 * verified and the viewer read here, not again for each subscription (a page opens five). It
 * holds the caller's facts and nothing of the upgrade request. Whatever a subscription must know
 * afresh is read per event (notifications/live.ts, trips/live.ts); an ended session or an
 * expiring token closes the socket (onConnect).
 */
function socketContext(deps: AppDeps, ctx: Context<Record<string, unknown> | undefined, Extra>): Promise<RequestContext> {
  const request = ctx.extra.request;
  const forwardedFor = request.headers['x-forwarded-for'];
  return buildRequestContext(deps, {
    // Checked to be a string, or absent, in onConnect.
    authorization: ctx.connectionParams?.authorization as string | undefined,
    socketAddress: request.socket.remoteAddress,
    forwardedFor: typeof forwardedFor === 'string' ? forwardedFor : null,
    userAgent: request.headers['user-agent'] ?? '',
    timeZone: ctx.connectionParams?.timeZone,
  });
}

/**
 * One operation's context: the socket's facts, with memos of its own (ours and Pothos') and a
 * viewer of its own, whose trips are read afresh when the operation first asks (trips/access.ts)
 * rather than taken from when the socket connected. Only what a RequestContext names: every
 * subscription of every socket keeps one for its life.
 */
function operationContext(base: RequestContext): RequestContext {
  const { deps, viewer, clientIp, userAgent, readerId, timeZone } = base;
  const context: RequestContext = {
    deps,
    viewer: viewer ? { ...viewer, memberships: undefined } : null,
    clientIp,
    userAgent,
    readerId,
    timeZone,
    cache: new Map(),
  };
  startEvent(context);
  return context;
}

/** A GraphQL error as sent, with a code when it has none (so logs and clients can tell refusals). */
function withCode(err: unknown, code: string): GraphQLError {
  if (!(err instanceof GraphQLError)) return new GraphQLError(err instanceof Error ? err.message : String(err), { extensions: { code } });
  return err.extensions.code
    ? err
    : new GraphQLError(err.message, { nodes: err.nodes, source: err.source, positions: err.positions, extensions: { ...err.extensions, code } });
}

/** A failure while starting an operation, as its one error: the domain's message, else a masked one. */
function operationError(deps: AppDeps, err: unknown): GraphQLError {
  logRequestError(deps.logger, err, { transport: 'websocket' }, 'graphql error');
  const domain = domainErrorOf(err) ?? err;
  if (domain instanceof RateLimitedError) {
    return new GraphQLError(domain.message, { extensions: { code: domain.code, retryAfterSeconds: domain.retryAfterSeconds } });
  }
  if (domain instanceof DomainError) return new GraphQLError(domain.message, { extensions: { code: domain.code } });
  if (err instanceof GraphQLError && refusalOf(err)) return err;
  return new GraphQLError(SocketMessages.unexpected, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/**
 * The `exp` (Unix seconds) of a WebSocket's `authorization: Bearer <jwt>`, or null without one.
 * Read without verifying: it can only shorten the socket's life, and the signature is verified
 * (with the expiry) when each operation authenticates.
 */
function accessTokenExpiry(authorization: unknown): number | null {
  if (typeof authorization !== 'string') return null;
  const token = bearerToken(authorization);
  if (!token) return null;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

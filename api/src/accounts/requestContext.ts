import type { Context } from 'hono';
import type { AppDeps, CallerFacts, RequestContext } from '../platform/context.js';
import { clientAddress } from '../platform/clientAddress.js';
import { parseTimeZone } from '../platform/dates.js';
import { authenticate } from './service.js';
import { callerFacts } from '../rest/respond.js';
import { readerIdOf } from '../platform/reader.js';

/**
 * The one factory of request contexts: the caller (verified from the token), their address for
 * rate limits, their browser and their time zone. `authenticate: false` is for the account
 * endpoints, which act on their body and must not be stopped by a stale token.
 */
export async function buildRequestContext(deps: AppDeps, facts: CallerFacts, opts: { authenticate?: boolean } = {}): Promise<RequestContext> {
  return {
    deps,
    viewer: opts.authenticate === false ? null : await authenticate(deps, facts.authorization),
    clientIp: clientAddress(facts.socketAddress, facts.forwardedFor, deps.config.trustProxy),
    userAgent: facts.userAgent ?? '',
    readerId: readerIdOf(deps.authSecret, facts.cookie),
    timeZone: parseTimeZone(facts.timeZone),
    ...(facts.serverRender ? { serverRender: true } : {}),
    cache: new Map(),
  };
}

/** The request context of a Hono request (REST rows and the routes mounted on their own). */
export function requestContext(deps: AppDeps, c: Context, opts: { authenticate?: boolean } = {}): Promise<RequestContext> {
  return buildRequestContext(deps, callerFacts(c), opts);
}

import type { AppDeps, RequestContext } from '../platform/context.js';
import { clientAddress } from '../platform/clientAddress.js';
import { parseTimeZone } from '../platform/dates.js';
import { authenticate } from '../accounts/service.js';
import { readerIdOf } from '../platform/reader.js';

/** What a request says about its caller, whichever door (REST, GraphQL over HTTP or WebSocket) it came in by. */
export interface CallerFacts {
  /** `Bearer <token>`, or nothing for a signed-out caller. */
  authorization: string | null | undefined;
  /** The TCP peer's address. */
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  userAgent: string | null | undefined;
  /** The `Cookie` header: only the signed reader cookie is read from it (platform/reader.ts). */
  cookie?: string | null | undefined;
  /** An IANA zone name, as sent; anything else means UTC. */
  timeZone: unknown;
}

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
    cache: new Map(),
  };
}

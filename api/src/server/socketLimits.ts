import { GraphQLError } from 'graphql';

/**
 * What one GraphQL WebSocket, and one account over all its sockets, may hold at once (one place
 * for these numbers; README, "HTTP surface"). A page keeps a handful of subscriptions open; these
 * leave room for many tabs and little for a script that opens thousands to eat the server's memory.
 * Each operation started on a socket also spends one of the client's requests (`requestsPerClient`
 * in platform/rateLimit.ts), the budget REST and GraphQL over HTTP share.
 */
export const SOCKET_LIMITS = {
  /** Operations running at once on one socket: subscriptions, and queries not yet answered. */
  operationsPerSocket: 50,
  /** Operations running at once over all of one account's sockets on one instance. */
  operationsPerAccount: 300,
} as const;

export const SocketMessages = {
  tooManyPerSocket: `This connection already runs ${SOCKET_LIMITS.operationsPerSocket} operations. End one before starting another.`,
  tooManyPerAccount: `This account already runs ${SOCKET_LIMITS.operationsPerAccount} live operations. Close some pages or tabs and try again.`,
  mutationOverSocket: 'Mutations are sent over HTTP (POST /graphql), not over the WebSocket.',
  unexpected: 'Unexpected error.',
} as const;

/** The error code a refused operation carries when a socket or account holds too many. */
export const TOO_MANY_SUBSCRIPTIONS = 'TOO_MANY_SUBSCRIPTIONS';

/** A socket's operations as graphql-ws keeps them (the one being started already among them). */
export interface SocketOperations {
  subscriptions: Record<string, unknown>;
}

/**
 * Sockets per account on this instance, to count an account's operations over all of them.
 * graphql-ws keeps each socket's running operations (`subscriptions`, by id) itself, and removes
 * one when it ends, so counting them here needs no bookkeeping of its own that could drift.
 */
export class SocketRegistry {
  private readonly byAccount = new Map<string, Set<SocketOperations>>();

  add(accountId: string, socket: SocketOperations) {
    let set = this.byAccount.get(accountId);
    if (!set) this.byAccount.set(accountId, (set = new Set()));
    set.add(socket);
  }

  remove(accountId: string, socket: SocketOperations) {
    const set = this.byAccount.get(accountId);
    set?.delete(socket);
    if (set?.size === 0) this.byAccount.delete(accountId);
  }

  /** Null when `socket` may start the operation it has just been sent, else the refusal. */
  refusal(socket: SocketOperations, accountId: string | undefined): GraphQLError | null {
    const running = (s: SocketOperations) => Object.keys(s.subscriptions).length;
    if (running(socket) > SOCKET_LIMITS.operationsPerSocket) return tooMany(SocketMessages.tooManyPerSocket);
    if (accountId === undefined) return null;
    let total = 0;
    for (const s of this.byAccount.get(accountId) ?? []) total += running(s);
    return total > SOCKET_LIMITS.operationsPerAccount ? tooMany(SocketMessages.tooManyPerAccount) : null;
  }
}

function tooMany(message: string) {
  return new GraphQLError(message, { extensions: { code: TOO_MANY_SUBSCRIPTIONS } });
}

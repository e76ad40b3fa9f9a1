/**
 * The query a signed-in shell's inline script started before the page's scripts arrived
 * (api/src/server/firstQuery.ts): the network layer takes an answer when it is about to send
 * that same request, once. Same request means the same operation and variables, the same access
 * token and the same time zone header; anything else is asked for as usual.
 */
import { FIRST_QUERY_GLOBAL } from '../../../../api/src/server/firstQuery';
import type { GraphQLPayload } from '../offline/request';

interface StartedQuery {
  body: string;
  token: string;
  timeZone: string;
  /** null when the request failed (offline): the caller asks again. */
  result: Promise<{ status: number; payload: GraphQLPayload | null } | null>;
}

/** An answer older than this is not adopted: it served the first page or nobody. */
const FRESH_FOR_MS = 30_000;

/** A value's JSON with its objects' keys sorted: Relay orders variables by the operation's arguments. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The started request's answer when `body` (from operationBody) is one of them, else null. */
export function takeStartedQuery(body: string, token: string | null, timeZone: string): StartedQuery['result'] | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as Record<string, StartedQuery[] | undefined>;
  const started = holder[FIRST_QUERY_GLOBAL];
  if (!started?.length) return null;
  if (performance.now() > FRESH_FOR_MS) {
    delete holder[FIRST_QUERY_GLOBAL];
    return null;
  }
  const wanted = canonical(JSON.parse(body));
  const at = started.findIndex((query) => query.token === token && query.timeZone === timeZone && canonical(JSON.parse(query.body)) === wanted);
  if (at < 0) return null;
  // Taken once: a later request of the same query is a new one.
  return started.splice(at, 1)[0]!.result;
}

/**
 * The one way a GraphQL request leaves this app: built here for the Relay network layer (a page)
 * and for the service worker, which sends the changes waiting offline after the tab was closed
 * (offline/workerReplay.ts). Browser-safe and worker-safe: no window, no document, no React. A
 * waiting change goes out with the same body, the same headers and its same Idempotency-Key
 * whichever of the two sends it, so the server cannot tell them apart and acts on it once.
 */
import type { Variables } from 'relay-runtime';

/** A change kept on the device until the network returns (offline/queue.ts). */
export interface QueuedChange {
  /** The Idempotency-Key it is sent with, every time. */
  key: string;
  operationName: string;
  documentId: string | null;
  /** The document's text when it has no persisted id (development builds). */
  text: string | null;
  variables: Variables;
  /** Shown while it waits, e.g. "Add expense “Taxi”". */
  label: string;
  /** What it changes (an item's id), so the screen can mark that thing "Waiting". */
  targetId: string | null;
  /** Where it shows among waiting changes (a checklist's or a trip's id). */
  scope: string | null;
  /** A later change of the same `targetId` takes this one's place (a story draft saved again). */
  replaces?: boolean;
  createdAt: string;
}

export const GRAPHQL_PATH = '/graphql';

export interface GraphQLPayload {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** An operation's body: its persisted id (relay.config.js persists every document) or its text. */
export function operationBody(operation: { documentId: string | null; text: string | null; operationName: string; variables: Variables }): string {
  return JSON.stringify({
    ...(operation.documentId ? { documentId: operation.documentId } : { query: operation.text }),
    operationName: operation.operationName,
    variables: operation.variables,
  });
}

/** The POST of `body` with the session's token, the traveller's time zone and, for a mutation, its key. */
export function graphqlRequestInit(options: {
  body: string;
  token: string | null;
  timeZone: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
}): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      // One key per mutation, kept across its retries: the server acts on it once.
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      Accept: 'application/graphql-response+json, application/json',
      'X-Time-Zone': options.timeZone,
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body,
    credentials: 'same-origin',
    signal: options.signal,
  };
}

/** The request of a waiting change: the page's replay and the worker's both send exactly this. */
export const queuedChangeRequestInit = (change: QueuedChange, token: string | null, timeZone: string): RequestInit =>
  graphqlRequestInit({ body: operationBody(change), token, timeZone, idempotencyKey: change.key });

/** Sends a request built above; the answer's JSON (null when it is none) and its status. */
export async function postGraphQL(init: RequestInit, fetcher: typeof fetch = fetch): Promise<{ status: number; payload: GraphQLPayload | null }> {
  const response = await fetcher(GRAPHQL_PATH, init);
  let payload: GraphQLPayload | null;
  try {
    payload = (await response.json()) as GraphQLPayload;
  } catch {
    payload = null;
  }
  return { status: response.status, payload };
}

/**
 * The token was not accepted: the server answers a sent-but-invalid token with HTTP 401 and an
 * UNAUTHENTICATED error. Any other failure (a refused query, a bug) must not end the session.
 */
export const isUnauthenticated = (status: number, payload: GraphQLPayload | null) =>
  status === 401 || !!payload?.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED');

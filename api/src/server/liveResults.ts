import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { resultClassOf, watchPersonal } from '../platform/liveShare.js';
import { endEvent, type RequestContext } from '../platform/context.js';

/**
 * Subscriptions whose subscribers share executed results: for each event, the subscribers of one
 * class (platform/liveShare.ts) that asked the same document with the same variables get the
 * result executed for the first of them, rather than each executing (and resolving every field
 * of) their own. Keyed by the event object itself, which the instance's pub/sub hands to every
 * subscriber (platform/liveHub.ts), so the results go with the event.
 */
export function liveResultsPlugin(): Plugin {
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(((args: ExecutionArgs) => subscribeSharing(args)) as never);
    },
  };
}

/**
 * What live delivery has done in this process since it started: event results executed (one per
 * class and selection when shared), payloads serialised (sharedSockets.ts: one per result
 * object), and when the last result was handed to a socket (ms since the epoch). Counted for the
 * tests and `npm run live-load`.
 */
export const liveWork = { executed: 0, serialised: 0, lastSentAt: 0 };

type Shared = Promise<{ value: ExecutionResult; personal: boolean }>;
const results = new WeakMap<object, Map<string, Shared>>();
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;

/**
 * graphql-js's subscribe, with each event's result shared as above; `present` turns each result
 * (and a refusal to start) into what is sent (the WebSocket masks errors with it, websocket.ts).
 */
export async function subscribeSharing(
  args: ExecutionArgs,
  present: (result: ExecutionResult) => ExecutionResult = (result) => result,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  // What starting it read (access checks, memos) is let go until the first event.
  if (isContext(args.contextValue)) endEvent(args.contextValue);
  if (!(Symbol.asyncIterator in stream)) return present(stream);
  const events = stream[Symbol.asyncIterator]();
  const close = async (): Promise<IteratorResult<ExecutionResult>> => {
    await events.return?.();
    return { done: true, value: undefined };
  };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]() {
      return iterator;
    },
    async next() {
      const next = await events.next();
      if (next.done) return next;
      try {
        return { done: false, value: present(await resultOf(args, next.value)) };
      } catch (err) {
        await close();
        throw err;
      } finally {
        if (isContext(args.contextValue)) endEvent(args.contextValue);
      }
    },
    return: close,
    async throw(err: unknown) {
      await close();
      throw err;
    },
  };
  return iterator;
}

const isContext = (value: unknown): value is RequestContext => typeof value === 'object' && value !== null && 'cache' in value;

/** The result of one event for one subscriber: shared within its class, else its own. */
async function resultOf(args: ExecutionArgs, payload: unknown): Promise<ExecutionResult> {
  const own = () => {
    liveWork.executed++;
    return execute({ ...args, rootValue: payload }) as Promise<ExecutionResult> | ExecutionResult;
  };
  const cls = resultClassOf(args.contextValue);
  if (!cls || typeof payload !== 'object' || payload === null) return own();
  let id = documentIds.get(args.document);
  if (id === undefined) documentIds.set(args.document, (id = nextDocumentId++));
  const key = `${id}\n${args.operationName ?? ''}\n${cls}\n${JSON.stringify(args.variableValues ?? {})}`;
  let memo = results.get(payload);
  if (!memo) results.set(payload, (memo = new Map()));
  const hit = memo.get(key);
  if (hit) {
    const shared = await hit;
    return shared.personal ? own() : shared.value;
  }
  const leading = watchPersonal(args.contextValue as object, async () => own());
  memo.set(key, leading);
  // A failed execution is not remembered: the next subscriber executes its own.
  leading.catch(() => memo.get(key) === leading && memo.delete(key));
  return (await leading).value;
}

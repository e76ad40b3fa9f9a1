import type { RequestContext } from './context.js';

interface Batch<K, V> {
  answers: Promise<Map<K, V>>;
  byKey: Map<K, Promise<V>>;
}

/**
 * A loader for one kind of data: the keys a request asks for while a list resolves are gathered
 * and read with one `load` call, so a page of fifty trips costs one statement, not fifty. A batch
 * closes once the promise work already under way has settled (see `afterQueuedWork`), so rows
 * that resolve over several promise turns still share it. Nothing is remembered past a batch: a
 * mutation, or a subscription's next event, never reads rows from before it. `load` answers by
 * key; a key it leaves out gets `missing`.
 */
export function batchLoader<K, V>(load: (ctx: RequestContext, keys: K[]) => Promise<Map<K, V>>, missing: V) {
  const open = new WeakMap<RequestContext, Batch<K, V>>();
  return (ctx: RequestContext, key: K): Promise<V> => {
    let batch = open.get(ctx);
    if (!batch) {
      const byKey = new Map<K, Promise<V>>();
      const answers = new Promise<Map<K, V>>((resolve, reject) =>
        afterQueuedWork(() => {
          open.delete(ctx);
          load(ctx, [...byKey.keys()]).then(resolve, reject);
        }),
      );
      batch = { answers, byKey };
      open.set(ctx, batch);
    }
    let answer = batch.byKey.get(key);
    if (!answer) {
      answer = batch.answers.then((found) => (found.has(key) ? found.get(key)! : missing));
      batch.byKey.set(key, answer);
    }
    return answer;
  };
}

/**
 * Runs `fn` once the microtask queue has drained (a tick queued from a promise callback runs only
 * then), as DataLoader schedules its batches: after every row of a list, before any I/O.
 */
function afterQueuedWork(fn: () => void) {
  void Promise.resolve().then(() => process.nextTick(fn));
}

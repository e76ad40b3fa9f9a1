/**
 * Whether the device is online, for the screens (a banner) and the Relay layer (read from the
 * store, queue the changes). `navigator.onLine` and its events, plus what the network layer
 * learns itself: a request that failed to reach the server (TypeError from fetch) counts as
 * offline until the next one gets through or the browser says it is back.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let unreachable = false;

const emit = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachable = false;
    emit();
  });
  window.addEventListener('offline', emit);
}

export function isOnline(): boolean {
  if (typeof navigator === 'undefined') return true;
  return navigator.onLine && !unreachable;
}

/** The network layer's own finding: a request did (false) or did not (true) reach the server. */
export function reportUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  emit();
}

export function onNetworkChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fetch that never reached the server (no network, server gone), as opposed to an answer. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * Whether the device is online, for the screens (a banner) and the Relay layer (read from the
 * store, queue the changes): the browser's `navigator.onLine` and its events. A request that
 * fails while the browser still says it is online (a server down, a refused route) is an error
 * the screen reports, as before; only a device without a network keeps changes for later.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

if (typeof window !== 'undefined') {
  const emit = () => {
    for (const listener of listeners) listener();
  };
  window.addEventListener('online', emit);
  window.addEventListener('offline', emit);
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export function onNetworkChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fetch that never reached the server (no network, server gone), as opposed to an answer. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** What a change that cannot be kept for later (an upload, an invitation) says without a network. */
export const NEEDS_NETWORK = 'You are offline: this needs the connection. Try again when you are back online.';

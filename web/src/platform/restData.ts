/**
 * Public pages' reads without Relay (routes.tsx: Relay comes only with the pages that need it):
 * a REST GET through `/api/backend`, started from the answer the server rendered the page with
 * (platform/restSeed.ts), so the browser's first render is the server's markup.
 */
import { useEffect, useState } from 'react';
import { apiRequest, errorMessage } from './api';
import { seededAnswer, takeSeededAnswer } from './restSeed';
import { sessionStore } from './session';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * Loads `path` once per value of `path`; 404 is 'missing', anything else 'failed' with its message.
 * `countsView`: the GET is what counts the reader's view (a story, a guide), so the browser makes
 * it even when the page came with the server's answer (the server's own reads count none); the
 * page shows that answer meanwhile, and keeps it if the GET fails.
 */
export function useRestData<T>(path: string | null, pick: (body: unknown) => T, options: { countsView?: boolean } = {}): Loaded<T> {
  // A page the server rendered with this answer (platform/restSeed.ts) starts from it, as the
  // server's markup does.
  const [loaded, setLoaded] = useState<Loaded<T>>(() => {
    const seeded = path ? seededAnswer(path) : undefined;
    if (!seeded) return { state: 'loading' };
    return seeded.status === 200 ? { state: 'ready', value: pick(seeded.body) } : { state: 'missing' };
  });
  const { countsView = false } = options;
  useEffect(() => {
    if (!path) return;
    const seeded = takeSeededAnswer(path);
    // The server's answer was a visitor's: a signed-in reader (an administrator sees drafts) asks
    // again, and so does a visitor whose read counts a view (of a page that was found).
    if (seeded && !sessionStore.current && !(countsView && seeded.status === 200)) return;
    const abort = new AbortController();
    if (!seeded) setLoaded({ state: 'loading' });
    // A fresh token when signed in (administrators also see drafts); none for a visitor.
    sessionStore
      .accessToken()
      .then((accessToken) => apiRequest(path, { signal: abort.signal, accessToken }))
      .then(
        (body) => setLoaded({ state: 'ready', value: pick(body) }),
        (error: unknown) => {
          if ((error as Error).name === 'AbortError' || seeded?.status === 200) return;
          const status = (error as { status?: number }).status;
          setLoaded(status === 404 ? { state: 'missing' } : { state: 'failed', message: errorMessage(error) });
        },
      );
    return () => abort.abort();
    // `pick` is a pure projection of the answer; the path alone decides when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, countsView]);
  return loaded;
}

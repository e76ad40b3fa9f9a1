/**
 * The guides' REST reads and the signed-in actions of their pages. Public pages load no Relay
 * (see routes.tsx), so guide pages talk to `/api/backend` directly.
 */
import { useEffect, useState } from 'react';
import type { GuideContent, GuidePrice } from '../../platform/domain';
import { apiRequest, errorMessage } from '../../platform/api';
import { seededAnswer, takeSeededAnswer } from '../../platform/restSeed';
import { sessionStore } from '../../platform/session';

export interface GuideSummary {
  id: string;
  slug: string;
  title: string;
  city: string;
  country: string;
  featured: boolean;
  description: string | null;
  /** The card picture: the editors' hero image, or the product's own for the city. */
  image_url: string;
  updated_at: string;
}

export interface Guide extends GuideSummary {
  content: GuideContent | null;
}

/** The REST read of the published guides (the server renders /guides with its answer: web/src/prerender.tsx). */
export const GUIDES_PATH = '/api/backend/guides';
/** The REST read of a city's guide (the server renders the guide page with its answer). */
export const guidePath = (city: string) => `/api/backend/guide/${encodeURIComponent(city.toLowerCase())}`;
/** The REST read of the site's settings a guide page uses. */
export const SITE_INFO_PATH = '/api/backend/site-info';

/** A REST call with the signed-in user's (fresh) access token. */
export async function signedInRequest<T>(path: string, options: Parameters<typeof apiRequest>[1] = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, accessToken: await sessionStore.accessToken() });
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'missing' } | { state: 'failed'; message: string };

/** Loads `path` once per value of `path`; 404 is 'missing', anything else 'failed' with its message. */
export function useRestData<T>(path: string | null, pick: (body: unknown) => T): Loaded<T> {
  // A page the server rendered with this answer (platform/restSeed.ts) starts from it, as the
  // server's markup does.
  const [loaded, setLoaded] = useState<Loaded<T>>(() => {
    const seeded = path ? seededAnswer(path) : undefined;
    if (!seeded) return { state: 'loading' };
    return seeded.status === 200 ? { state: 'ready', value: pick(seeded.body) } : { state: 'missing' };
  });
  useEffect(() => {
    if (!path) return;
    const seeded = takeSeededAnswer(path);
    // The server's answer was a visitor's: a signed-in reader (an administrator sees drafts) asks again.
    if (seeded && !sessionStore.current) return;
    const abort = new AbortController();
    if (!seeded) setLoaded({ state: 'loading' });
    // A fresh token when signed in (administrators also see drafts); none for a visitor.
    sessionStore
      .accessToken()
      .then((accessToken) => apiRequest(path, { signal: abort.signal, accessToken }))
      .then(
        (body) => setLoaded({ state: 'ready', value: pick(body) }),
        (error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          const status = (error as { status?: number }).status;
          setLoaded(status === 404 ? { state: 'missing' } : { state: 'failed', message: errorMessage(error) });
        },
      );
    return () => abort.abort();
    // `pick` is a pure projection of the answer; the path alone decides when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return loaded;
}

/** "$500", "€1,200": a guide's price, whole units. */
export function formatPrice(price: GuidePrice, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency, maximumFractionDigits: 0 }).format(price.amount / 100);
}

/** Records a click on a partner's link for the signed-in reader (never in the way of the link). */
export function trackGuideClick(partner: string, url: string, itemId: string) {
  if (!sessionStore.current) return;
  void signedInRequest('/api/backend/track-affiliate-click', {
    method: 'POST',
    body: { affiliate_partner: partner, affiliate_url: url, affiliate_item_id: itemId, metadata: { source: 'guide' } },
    keepalive: true,
  }).catch(() => undefined);
}

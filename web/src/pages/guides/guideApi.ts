/**
 * The guides' REST reads and the signed-in actions of their pages. Public pages load no Relay
 * (see routes.tsx), so guide pages talk to `/api/backend` directly (platform/restData.ts).
 */
import type { GuideContent, GuidePrice } from '../../platform/domain';
import { apiRequest } from '../../platform/api';
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
/** The guides in its answer. */
export const pickGuides = (body: unknown) => (body as { guides: GuideSummary[] }).guides;
/** The REST read of a city's guide (the server renders the guide page with its answer). */
export const guidePath = (city: string) => `/api/backend/guide/${encodeURIComponent(city.toLowerCase())}`;
/** The REST read of the site's settings a guide page uses. */
export const SITE_INFO_PATH = '/api/backend/site-info';

/** A REST call with the signed-in user's (fresh) access token. */
export async function signedInRequest<T>(path: string, options: Parameters<typeof apiRequest>[1] = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, accessToken: await sessionStore.accessToken() });
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

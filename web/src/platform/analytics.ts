/**
 * Product analytics (seed 000 §7): a `page_view` when a page is shown and a `time_on_page` with
 * `duration_ms` when it is left, by navigation or by closing the tab. Sent with `fetch` +
 * `keepalive` (unlike sendBeacon it can carry the Authorization header, and it survives the page
 * unloading). Only the path is reported: query strings carry e-mailed tokens. Failures are
 * ignored: analytics never gets in a traveller's way.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { apiRequest } from './api';
import { sessionStore } from './session';

type EventType = 'page_view' | 'time_on_page';

/** Longer than this on one page is a forgotten tab, not attention. */
const MAX_DURATION_MS = 6 * 60 * 60 * 1000;

function send(eventType: EventType, page: string, metadata?: Record<string, unknown>) {
  const session = sessionStore.current;
  // A stale token would turn the event into a 401; then it goes anonymous rather than not at all.
  const fresh = session && session.expires_at * 1000 > Date.now() + 5_000;
  void apiRequest('/api/backend/analytics/event', {
    method: 'POST',
    body: { event_type: eventType, page, ...(metadata ? { metadata } : {}) },
    accessToken: fresh ? session.access_token : null,
    keepalive: true,
  }).catch(() => undefined);
}

/** A guide page's view names its city (`metadata.city`), so the administrators' top guides are real. */
function guideCity(pathname: string): Record<string, unknown> | undefined {
  const city = /^(?:\/dashboard)?\/guides\/([^/]+)\/?$/.exec(pathname)?.[1];
  return city ? { city: decodeURIComponent(city).toLowerCase() } : undefined;
}

/** Mounted once at the root of the router. */
export function usePageAnalytics() {
  const { pathname } = useLocation();
  const current = useRef<{ page: string; since: number } | null>(null);

  useEffect(() => {
    const leave = () => {
      const shown = current.current;
      if (!shown) return;
      const duration = Date.now() - shown.since;
      if (duration > 0 && duration <= MAX_DURATION_MS) send('time_on_page', shown.page, { duration_ms: duration });
      current.current = null;
    };
    leave();
    current.current = { page: pathname, since: Date.now() };
    send('page_view', pathname, guideCity(pathname));
    // Closing or hiding the tab ends the visit; coming back starts a new one on the same page.
    const onHide = () => {
      if (document.visibilityState === 'hidden') leave();
      else if (!current.current) current.current = { page: pathname, since: Date.now() };
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', leave);
    };
  }, [pathname]);
}

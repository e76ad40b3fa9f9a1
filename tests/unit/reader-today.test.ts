import { afterEach, describe, expect, it } from 'vitest';
import { setRenderFacts } from '../../web/src/platform/renderFacts.js';
import { todayForTrips } from '../../web/src/pages/trips/today.js';
import { isWrappedSeason } from '../../web/src/pages/wrapped/WrappedDashboardCard.js';

/**
 * A page the server renders for its reader counts days from the reader's calendar, not the
 * server's: in Tokyo after 15:00 UTC it is already tomorrow there. The dashboard once said
 * "Starts in 21 days" on the server and 20 in the browser, and React threw the page away (#418).
 */
const reader = (timeZone: string, now: number) => setRenderFacts({ viewer: { id: 'u', email: 'u@example.com' } as never, timeZone, locale: 'en-US', now });

afterEach(() => setRenderFacts(null));

describe("the reader's today", () => {
  const lateUtc = Date.UTC(2026, 10, 30, 15, 30); // 30 Nov 15:30 UTC: 1 Dec 00:30 in Tokyo

  it('is the day in the reader’s zone at the render’s instant', () => {
    reader('Asia/Tokyo', lateUtc);
    expect(todayForTrips()).toBe('2026-12-01');
    reader('America/New_York', lateUtc);
    expect(todayForTrips()).toBe('2026-11-30');
  });

  it('decides the Travel Wrapped season on the reader’s calendar too', () => {
    reader('Asia/Tokyo', lateUtc);
    expect(isWrappedSeason()).toBe(true);
    reader('Europe/Lisbon', lateUtc);
    expect(isWrappedSeason()).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDay, timeAgo } from '../../web/src/components/dateFormat.js';

/** The notification bell's "when" (it replaced dayjs' relativeTime plugin on every dashboard page). */
describe('timeAgo', () => {
  const now = Date.UTC(2026, 10, 29, 12, 0, 0);
  const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('names the largest whole unit', () => {
    expect(timeAgo(before(5), now)).toBe('now');
    expect(timeAgo(before(90), now)).toBe('1 minute ago');
    expect(timeAgo(before(45 * 60), now)).toBe('45 minutes ago');
    expect(timeAgo(before(3 * 3600 + 59), now)).toBe('3 hours ago');
    expect(timeAgo(before(30 * 3600), now)).toBe('yesterday');
    expect(timeAgo(before(3 * 86400), now)).toBe('3 days ago');
    expect(timeAgo(before(15 * 86400), now)).toBe('2 weeks ago');
    expect(timeAgo(before(70 * 86400), now)).toBe('2 months ago');
    expect(timeAgo(before(800 * 86400), now)).toBe('2 years ago');
  });

  it('reads a moment still to come (a clock a little behind the server) forward', () => {
    expect(timeAgo(new Date(now + 2 * 3600 * 1000).toISOString(), now)).toBe('in 2 hours');
  });
});

/** Dates of the trip and friends pages (they replaced dayjs' format there). */
describe('formatDay', () => {
  it('shows a plain date as that date, with or without its year', () => {
    expect(formatDay('2025-03-03')).toBe('Mar 3, 2025');
    expect(formatDay('2026-12-31', false)).toBe('Dec 31');
  });

  it("shows an instant on the reader's calendar", () => {
    const instant = new Date(2025, 2, 3, 23, 30); // local time
    expect(formatDay(instant.toISOString())).toBe('Mar 3, 2025');
    expect(formatDay(instant.toISOString(), false)).toBe('Mar 3');
  });
});

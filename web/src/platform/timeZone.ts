import { readerNow, renderFacts } from './renderFacts';

/**
 * The browser's IANA time zone (while a server-rendered page renders or hydrates, the one it was
 * rendered in: renderFacts.ts). Sent with every API call (header `X-Time-Zone`, or `timeZone`
 * in the WebSocket's connection params) so the server's "today" — which tab a trip is in, how
 * many days until it starts — is the traveller's own calendar day, the same one this app shows.
 */
export const clientTimeZone = (): string => renderFacts()?.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/**
 * The calendar day ("YYYY-MM-DD") an instant falls on in `zone` (the browser's own when none is
 * given): money dates are days in the trip's zone, so a payment made late in the evening in
 * Tokyo is dated there, whatever zone the reader is in.
 */
export function dayIn(zone: string | null | undefined, at: Date | number = readerNow()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone || clientTimeZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

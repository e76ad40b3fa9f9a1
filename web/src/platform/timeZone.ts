/**
 * The browser's IANA time zone. Sent with every API call (header `X-Time-Zone`, or `timeZone`
 * in the WebSocket's connection params) so the server's "today" — which tab a trip is in, how
 * many days until it starts — is the traveller's own calendar day, the same one this app shows.
 */
export const clientTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
